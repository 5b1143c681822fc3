-- Search within one post (issue 32: p95 < 10 ms over a post's 20,000 of 1,000,000 travellers).
-- A post's travellers lie scattered over the table's pages (they arrive mixed with every other
-- post's), so the trigram index's matches cost a page read each: "nguyen van 1" matched 742 of
-- HAN's travellers and read 742 pages, 53 ms cold. This btree holds the post, the folded name and
-- what the default order needs: the listing picks its page's ids from it alone (an index-only
-- scan of the post's entries, the name tested in the index with strpos, 3-5 ms), reads only those
-- rows, and counts without reading the table (travelers/store.ts, nameMatches). The trigram index
-- stays for searches over every post.
CREATE INDEX IF NOT EXISTS "travelers_post_name_idx" ON "travelers" USING btree ("entry_post_id","name_folded") INCLUDE ("entry_date","id") WHERE deleted_at IS NULL;
