-- The exactly-once store keeps one row per push instead of one per mutation: writing 500 rows
-- (and their primary key entries) for a 500-mutation push cost ~5 ms of CPU on PGlite (100-107 ms
-- per 10,000 mutations; one row per push: 34-40 ms).
-- A row holds the results of seqs first_seq..last_seq as a JSON array; the rows stored before
-- this migration become one-seq rows with their result as the only element, so a device that
-- retries an old push still gets its stored results.
ALTER TABLE "applied_mutations" RENAME COLUMN "seq" TO "first_seq";--> statement-breakpoint
ALTER TABLE "applied_mutations" ADD COLUMN "last_seq" bigint;--> statement-breakpoint
UPDATE "applied_mutations" SET "last_seq" = "first_seq";--> statement-breakpoint
ALTER TABLE "applied_mutations" ALTER COLUMN "last_seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "applied_mutations" ALTER COLUMN "result" TYPE jsonb USING jsonb_build_array("result");--> statement-breakpoint
ALTER TABLE "applied_mutations" RENAME COLUMN "result" TO "results";--> statement-breakpoint
ALTER TABLE "applied_mutations" RENAME CONSTRAINT "applied_mutations_client_id_seq_pk" TO "applied_mutations_client_id_first_seq_pk";
