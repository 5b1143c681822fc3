-- Traveller search (issue 6): case-insensitive substring filters on name and passport use
-- trigram indexes on lower(...) (pg_trgm ships with PostgreSQL contrib and with PGlite, where
-- the server loads the extension); the default list order (newest entry date first, live rows
-- only) reads a partial index instead of sorting every row.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "travelers_full_name_trgm_idx" ON "travelers" USING gin (lower("full_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "travelers_passport_no_trgm_idx" ON "travelers" USING gin (lower("passport_no") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "travelers_live_entry_idx" ON "travelers" ("entry_date" DESC, "id" DESC) WHERE "deleted_at" IS NULL;
