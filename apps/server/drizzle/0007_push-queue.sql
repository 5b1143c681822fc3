-- Web push delivery queue: one row per (subscription, message), claimed by the server's job loop
-- (FOR UPDATE SKIP LOCKED, so two server instances never send one row twice) and retried with
-- a growing delay. Rows go with their subscription.
CREATE TABLE IF NOT EXISTS "push_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL,
	"payload" jsonb NOT NULL,
	"urgency" text DEFAULT 'normal' NOT NULL,
	"ttl" integer DEFAULT 86400 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_queue" ADD CONSTRAINT "push_queue_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "push_queue_due_idx" ON "push_queue" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "push_queue_subscription_idx" ON "push_queue" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id","created_at");
