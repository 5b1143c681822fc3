-- A traveller's 'created' timeline entry is derived from the traveller row (created_at,
-- created_by) instead of being stored: one stored event per traveller was half of what a fresh
-- device pulled. The stored ones go; a device that already holds one keeps it and shows it
-- instead of the derived entry. The highest change_seq must not go back, or a device whose
-- pull cursor is past it would take the server for a restored backup and push everything again
-- (docs/decisions/003-epoch-detection.md): when events were removed, the system status row
-- takes a new change_seq (same version, so devices pull it and write nothing).
WITH "gone" AS (DELETE FROM "traveler_events" WHERE "kind" = 'created' RETURNING "change_seq")
UPDATE "system_status" SET "change_seq" = nextval('change_seq') WHERE EXISTS (SELECT 1 FROM "gone");
