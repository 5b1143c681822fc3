-- Retention and the traveller's rights (issue 33 points 6 and 7,
-- docs/decisions/017-retention-and-rights.md). One row of privacy settings (absent until an admin
-- saves them: the shared defaults apply), a traveller's privacy state (legal hold, anonymised),
-- and the consent a pre-arrival submission was sent with.
CREATE TABLE "privacy_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"retention_months" integer NOT NULL,
	"contact" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);--> statement-breakpoint
CREATE TABLE "traveler_privacy" (
	"traveler_id" uuid PRIMARY KEY NOT NULL,
	"hold_reason" text,
	"hold_at" timestamp with time zone,
	"hold_by" uuid,
	"anonymised_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "pre_arrivals" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pre_arrivals" ADD COLUMN "consent_notice_version" text;
