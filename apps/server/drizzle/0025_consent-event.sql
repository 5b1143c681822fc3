-- The traveller's consent to the privacy notice, recorded with the traveller (issue 33, point 7;
-- docs/decisions/017-retention-and-rights.md, docs/qr-payload.md version 3). A traveller registered
-- from a pre-arrival code that carries the consent gets a `consent` timeline event, made on the
-- device and synced like the traveller: its time is when the traveller accepted, its notice version
-- this column (null for every other kind). One per traveller: the write path refuses a second one
-- (privacy.errors.consentRecorded) and this index makes sure of it.
ALTER TABLE "traveler_events" ADD COLUMN IF NOT EXISTS "notice_version" text;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "traveler_events_consent_uq" ON "traveler_events" USING btree ("traveler_id") WHERE kind = 'consent';
