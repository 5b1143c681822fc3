-- Fast intake (issue 15): what travellers submit before arriving, kept 72 hours then purged.
-- The code is the only way in (random, no personal data); there is no list of submissions.
CREATE TABLE IF NOT EXISTS "pre_arrivals" (
	"code" text PRIMARY KEY NOT NULL,
	"submission" jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" uuid
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pre_arrivals_expires_idx" ON "pre_arrivals" ("expires_at");--> statement-breakpoint
-- The admin's list of deleted travellers reads the tombstones newest first.
CREATE INDEX IF NOT EXISTS "travelers_deleted_idx" ON "travelers" ("deleted_at" DESC) WHERE "deleted_at" IS NOT NULL;
