-- Every traveller written pays an entry in each index of travelers, and the offline push of
-- 10,000 travellers writes 10,000. Two single-column indexes from 0000 serve no query any more:
-- every read that filters on the entry date or the status also asks for live rows
-- (deleted_at IS NULL), which the partial indexes that came later serve: the listing's range of
-- entry dates by travelers_live_entry_idx (entry_date DESC, id DESC), a status by
-- travelers_status_updated_idx (status, updated_at), the reports by travelers_report_idx and
-- travelers_post_report_idx. The retention job's look-up (privacy/retention.ts: entry date and last
-- change before the cutoff, tombstones included) runs once a day, in id order with a limit.
-- Measured on PGlite (scripts/bench-apply.mjs, 20,000 creates in pushes of 2,000, four
-- alternating pairs): the travellers' INSERT took 1,103-1,268 ms with them, 1,000-1,148 ms
-- without; the whole push 3,289-3,666 ms with them, 3,135-3,610 ms without.
DROP INDEX IF EXISTS "travelers_entry_date_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "travelers_status_idx";
