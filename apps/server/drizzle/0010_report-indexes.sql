-- Indexes for the reports and the audit viewer (docs/decisions/008-report-queries.md): each
-- report figure is read from one index alone (index-only scans), whatever the table size.
CREATE INDEX IF NOT EXISTS "travelers_report_idx" ON "travelers" USING btree ("entry_date","status","nationality") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "travelers_status_updated_idx" ON "travelers" USING btree ("status","updated_at") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "health_declarations_report_idx" ON "health_declarations" USING btree ("created_at","risk_level") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_events_user_idx" ON "audit_events" USING btree ("user_id","id");--> statement-breakpoint
-- Status changes of a period with their from/to statuses, for the quarantine figures, once the
-- traveller timeline (traveler_events) exists.
DO $$
BEGIN
  IF to_regclass('traveler_events') IS NOT NULL THEN
    CREATE INDEX IF NOT EXISTS "traveler_events_status_report_idx" ON "traveler_events" USING btree ("occurred_at")
      INCLUDE ("from_status", "to_status") WHERE kind = 'status_changed' AND deleted_at IS NULL;
  END IF;
END $$;
