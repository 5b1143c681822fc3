-- Points of entry (docs/decisions/014-points-of-entry.md). A country's border posts, who works
-- where and in which role, and which post each record belongs to. A database of an older
-- version (one post per server) becomes one post: its travellers and their records belong to it
-- and its officers are assigned to it; the server then sets that post's time zone from
-- POST_TIME_ZONE at start (meta 'posts.from_settings'). A fresh database gets no post here.
CREATE TABLE "posts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"kind" text NOT NULL,
	"province" text NOT NULL,
	"time_zone" text NOT NULL,
	"closed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "posts_code_uq" ON "posts" USING btree ("code");--> statement-breakpoint
CREATE TABLE "post_assignments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"post_id" uuid REFERENCES "posts"("id"),
	"province" text,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "post_assignments_user_idx" ON "post_assignments" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "post_departures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL,
	"traveler_id" uuid NOT NULL,
	"change_seq" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "post_departures_post_seq_idx" ON "post_departures" USING btree ("post_id","change_seq");--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "post_id" uuid;--> statement-breakpoint
ALTER TABLE "account_requests" ADD COLUMN "post_id" uuid;--> statement-breakpoint
ALTER TABLE "travelers" ADD COLUMN "entry_post_id" uuid;--> statement-breakpoint
ALTER TABLE "health_declarations" ADD COLUMN "post_id" uuid;--> statement-breakpoint
ALTER TABLE "traveler_events" ADD COLUMN "post_id" uuid;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "post_id" uuid;--> statement-breakpoint
INSERT INTO "posts" ("id", "code", "name", "kind", "province", "time_zone")
	SELECT gen_random_uuid(), 'POST', '{"vi":"Cửa khẩu","en":"Border post","ja":"検疫所"}'::jsonb, 'airport', '', 'Asia/Ho_Chi_Minh'
	WHERE EXISTS (SELECT 1 FROM "travelers") OR EXISTS (SELECT 1 FROM "users" WHERE "role" <> 'admin');--> statement-breakpoint
INSERT INTO "meta" ("key", "value") SELECT 'posts.from_settings', "id"::text FROM "posts";--> statement-breakpoint
UPDATE "travelers" SET "entry_post_id" = (SELECT "id" FROM "posts" LIMIT 1);--> statement-breakpoint
UPDATE "health_declarations" SET "post_id" = (SELECT "id" FROM "posts" LIMIT 1);--> statement-breakpoint
UPDATE "traveler_events" SET "post_id" = (SELECT "id" FROM "posts" LIMIT 1);--> statement-breakpoint
UPDATE "check_ins" SET "post_id" = (SELECT "id" FROM "posts" LIMIT 1);--> statement-breakpoint
INSERT INTO "post_assignments" ("id", "user_id", "post_id", "role")
	SELECT gen_random_uuid(), u."id", p."id", 'officer' FROM "users" u CROSS JOIN "posts" p WHERE u."role" <> 'admin';--> statement-breakpoint
ALTER TABLE "travelers" ALTER COLUMN "entry_post_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "travelers_post_seq_idx" ON "travelers" USING btree ("entry_post_id","change_seq");--> statement-breakpoint
CREATE INDEX "health_declarations_post_seq_idx" ON "health_declarations" USING btree ("post_id","change_seq");--> statement-breakpoint
CREATE INDEX "traveler_events_post_seq_idx" ON "traveler_events" USING btree ("post_id","change_seq");--> statement-breakpoint
CREATE INDEX "check_ins_post_seq_idx" ON "check_ins" USING btree ("post_id","change_seq");
