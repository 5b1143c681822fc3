-- CSV import refuses a second registration of one traveller (same passport number, nationality
-- and entry date among live rows); this index answers that check for 100,000 rows at once.
CREATE INDEX IF NOT EXISTS "travelers_live_passport_entry_idx" ON "travelers" ("passport_no", "entry_date") WHERE "deleted_at" IS NULL;
