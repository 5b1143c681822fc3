-- Indexes for the reports and the audit viewer (docs/decisions/008-report-queries.md).
CREATE INDEX IF NOT EXISTS "travelers_report_idx" ON "travelers" USING btree ("entry_date","status","nationality") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "health_declarations_report_idx" ON "health_declarations" USING btree ("created_at","risk_level") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_events_user_idx" ON "audit_events" USING btree ("user_id","id");
