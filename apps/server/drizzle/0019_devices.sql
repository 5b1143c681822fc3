-- Devices (issue 33, docs/decisions/015-revoked-devices.md). Every sign-in names the device it
-- comes from: the random id the device keeps (client_id; two accounts signing in on one phone
-- get a row each) and a readable label. A session belongs to the device it was started on;
-- revoking the device revokes its sessions and refuses any later sign-in from it. Sessions of an
-- older version have no device (device_id null) and work on until they end. last_seen_at is
-- written at most once a minute per device (sessions.ts), not on every request.
CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"client_id" uuid NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "devices_user_client_uq" ON "devices" USING btree ("user_id","client_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device_id" uuid REFERENCES "devices"("id") ON DELETE CASCADE;--> statement-breakpoint
CREATE INDEX "sessions_device_idx" ON "sessions" USING btree ("device_id");
