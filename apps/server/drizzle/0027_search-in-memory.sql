-- Traveller search reads the names and passport numbers held in each server instance's memory
-- (modules/travelers/search-index.ts), brought up to date from change_seq before each search.
-- The three indexes that served it in SQL go: every traveller written paid for them (the two
-- trigram GIN indexes' pending-list entries and merges, and the wide (post, folded name) btree),
-- and the offline push of 10,000 travellers is mostly that write. The folded name stays: the
-- in-memory index reads it.
DROP INDEX IF EXISTS "travelers_post_name_fold_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "travelers_post_name_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "travelers_passport_no_trgm_idx";
