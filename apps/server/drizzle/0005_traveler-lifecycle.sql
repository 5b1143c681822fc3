-- Traveller lifecycle (issue 14): the timeline (traveler_events, synced and append-only),
-- quarantine check-ins (check_ins, synced), the quarantine schedule on the traveller and its
-- length as a system setting. Existing data migrates: travellers with a declaration are at least
-- 'declared', quarantined travellers get a schedule from their last change, and every traveller
-- gets 'created' (and 'declared') timeline events from what is stored.
CREATE TABLE IF NOT EXISTS "traveler_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"traveler_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"to_status" text,
	"reason" text,
	"correction" boolean,
	"test_result" text,
	"note" text,
	"from_status" text,
	"actor_id" uuid,
	"actor_name" text,
	"details" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"change_seq" bigint NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "traveler_events_change_seq_idx" ON "traveler_events" USING btree ("change_seq");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "traveler_events_traveler_idx" ON "traveler_events" USING btree ("traveler_id", "occurred_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "traveler_events_kind_time_idx" ON "traveler_events" USING btree ("kind", "occurred_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "check_ins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"traveler_id" uuid NOT NULL,
	"date" date NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"temperature" double precision NOT NULL,
	"symptoms" jsonb NOT NULL,
	"note" text,
	"officer_id" uuid,
	"officer_name" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"change_seq" bigint NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "check_ins_change_seq_idx" ON "check_ins" USING btree ("change_seq");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "check_ins_traveler_idx" ON "check_ins" USING btree ("traveler_id", "date");--> statement-breakpoint
ALTER TABLE "travelers" ADD COLUMN IF NOT EXISTS "quarantine_start" date;--> statement-breakpoint
ALTER TABLE "travelers" ADD COLUMN IF NOT EXISTS "quarantine_days" integer;--> statement-breakpoint
ALTER TABLE "system_status" ADD COLUMN IF NOT EXISTS "quarantine_days" integer;--> statement-breakpoint
-- A traveller whose declaration is stored is at least declared (the server now sets it).
UPDATE "travelers" AS t SET "status" = 'declared', "version" = t."version" + 1, "updated_at" = now(),
	"change_seq" = nextval('change_seq')
WHERE t."status" = 'pending' AND EXISTS (SELECT 1 FROM "health_declarations" AS d
	WHERE d."traveler_id" = t."id" AND d."deleted_at" IS NULL);--> statement-breakpoint
-- A traveller already in quarantine is followed up from the day of their last change.
UPDATE "travelers" SET "quarantine_start" = ("updated_at" AT TIME ZONE 'UTC')::date, "quarantine_days" = 14, "version" = "version" + 1,
	"change_seq" = nextval('change_seq')
WHERE "status" = 'quarantine' AND "quarantine_start" IS NULL;--> statement-breakpoint
INSERT INTO "traveler_events" ("id", "traveler_id", "kind", "occurred_at", "actor_id", "change_seq", "created_by", "created_at")
SELECT gen_random_uuid(), t."id", 'created', t."created_at", t."created_by", nextval('change_seq'), t."created_by", t."created_at"
FROM "travelers" AS t WHERE t."deleted_at" IS NULL
	AND NOT EXISTS (SELECT 1 FROM "traveler_events" AS e WHERE e."traveler_id" = t."id" AND e."kind" = 'created');--> statement-breakpoint
INSERT INTO "traveler_events" ("id", "traveler_id", "kind", "occurred_at", "actor_id", "details", "change_seq", "created_by", "created_at")
SELECT gen_random_uuid(), d."traveler_id", 'declared', d."created_at", d."created_by",
	jsonb_build_object('riskLevel', d."risk_level", 'riskScore', d."risk_score"), nextval('change_seq'), d."created_by", d."created_at"
FROM "health_declarations" AS d WHERE d."deleted_at" IS NULL
	AND NOT EXISTS (SELECT 1 FROM "traveler_events" AS e WHERE e."traveler_id" = d."traveler_id" AND e."kind" = 'declared');
