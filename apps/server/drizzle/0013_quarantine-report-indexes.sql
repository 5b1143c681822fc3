-- The report's quarantine figures now (active, overdue) in one grouped read
-- (docs/decisions/008-report-queries.md): the quarantined travellers with their schedule from a
-- partial covering index (an index-only scan of the travellers in quarantine, not a heap read of
-- each), and their live check-ins from a partial index on (traveler_id, date).
CREATE INDEX IF NOT EXISTS "travelers_quarantine_idx" ON "travelers" USING btree ("id") INCLUDE ("quarantine_start", "quarantine_days") WHERE status = 'quarantine' AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "check_ins_live_idx" ON "check_ins" USING btree ("traveler_id", "date") WHERE deleted_at IS NULL;
