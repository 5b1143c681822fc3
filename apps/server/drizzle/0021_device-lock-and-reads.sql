-- Devices, the rest of issue 33 point 4 and point 5 (docs/decisions/015-revoked-devices.md).
-- The N-days lock: after how many days without reaching the server a device locks and needs an
-- online sign-in (an admin setting on the status record; null = the default, 14).
-- Reads audited: opening a traveller's declaration or files is an audit entry (action read.*)
-- made on the device and sent in batches; the device's event id makes a resend land once
-- (client_event_id), and device_id names the device it was read on (the viewer's filter).
ALTER TABLE "system_status" ADD COLUMN "offline_lock_days" integer;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "device_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "client_event_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_client_event_uq" ON "audit_events" USING btree ("client_event_id");--> statement-breakpoint
CREATE INDEX "audit_events_device_idx" ON "audit_events" USING btree ("device_id","id") WHERE "device_id" IS NOT NULL;
