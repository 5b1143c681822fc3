-- Every write writes an audit row, so each of its indexes is paid by every push: the offline push
-- of 10,000 travellers writes 10,000 of them. Two of the indexes cost more than they give:
-- - The time index becomes a BRIN index. Rows are added in time order, so a summary per range of
--   pages finds a period's rows as the audit viewer's from/to filter asks; a btree entry per row
--   is not needed for that (the viewer pages by id).
-- - The device event id is set only on read events (0021). The unique index now holds those rows
--   alone, not a NULL entry for every other row. The reads' ON CONFLICT names its predicate.
-- Measured on PGlite (scripts/bench-apply.mjs, 10,000 creates in pushes of 2,000, three
-- alternating runs): the audit INSERT took 367-400 ms before, 266-293 ms after.
DROP INDEX IF EXISTS "audit_events_at_idx";--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING brin ("at");--> statement-breakpoint
DROP INDEX IF EXISTS "audit_events_client_event_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_client_event_uq" ON "audit_events" USING btree ("client_event_id") WHERE "client_event_id" IS NOT NULL;
