-- Request and login-failure counters of the rate limits (plugins/rate-limit.ts). They live in the
-- database so that every server instance on it, and a restarted one, counts the same hits.
-- One row per counter: hits in the current fixed window, and when that window ends.
CREATE TABLE IF NOT EXISTS "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rate_limits_reset_at_idx" ON "rate_limits" ("reset_at");
