-- One post's reports (docs/decisions/014-points-of-entry.md) from the index alone, as 0010 and
-- 0013 made the national ones: arrivals by post, day, status and nationality; declarations by
-- post, filing time and risk level; status changes by post and time; the quarantined travellers
-- by post. Without them a post's monthly report read its rows from the heap (1,000,000
-- travellers over 50 posts: p95 202 ms against 82 ms for the whole country).
CREATE INDEX IF NOT EXISTS "travelers_post_report_idx" ON "travelers" USING btree ("entry_post_id","entry_date","status","nationality") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "health_declarations_post_report_idx" ON "health_declarations" USING btree ("post_id","created_at","risk_level") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "traveler_events_post_status_report_idx" ON "traveler_events" USING btree ("post_id","occurred_at") INCLUDE ("from_status", "to_status") WHERE kind = 'status_changed' AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "travelers_post_quarantine_idx" ON "travelers" USING btree ("entry_post_id","id") INCLUDE ("quarantine_start", "quarantine_days") WHERE status = 'quarantine' AND deleted_at IS NULL;
