/**
 * Traveller search by name and passport number, answered from memory: each server instance holds
 * the folded name, the passport number, the entry date, the status and the nationality of the
 * live travellers of the posts searched on it, and finds the matches with
 * `String.prototype.includes` (the SQL's `strpos` and `LIKE '%...%'`). The page's rows are then
 * read from the database by id.
 *
 * Why not in SQL: a name nobody searched before cost a scan of the post's 20,000 entries of a
 * (post, folded name) btree, 3.7-6.5 ms in EXPLAIN ANALYZE over 1,000,000 travellers, and the
 * three indexes that served search in SQL (that btree and two trigram GIN indexes) were paid by
 * every traveller written: they were a large share of the offline push's INSERT (migration 0027
 * drops them; docs/decisions/020-search-in-memory.md).
 *
 * Kept right by the data version: every write of a traveller takes a new change_seq under the
 * one write lock (write-path/apply.ts, posts/transfer.ts, privacy/anonymise.ts), so values commit
 * in order. Before each search the index reads the travellers whose change_seq is past what it
 * has seen, up to the version the request read, and applies them: a new traveller joins its
 * post, a deleted one leaves, a transferred one moves (the row now names its new post), a renamed
 * or anonymised one is replaced. A delta longer than DELTA_AT_MOST (an import, a restore) empties
 * the index instead; posts are loaded again as they are searched. A highest change below what the
 * index has seen (the database went back) empties it too. Each server instance has its own; being read
 * from the data, it is right with several instances too.
 *
 * Memory: about 180 bytes a traveller. At most ENTRIES_AT_MOST are held (BH_SEARCH_INDEX_MAX):
 * the least recently searched posts go first, and a search over more travellers than that is
 * answered in SQL (a scan of the table's rows: slower, never wrong).
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';

type Reader = Pick<Db, 'execute'>;

/** A traveller as the index holds it. */
export interface SearchEntry {
  id: string;
  /** The folded name (name_folded, @bh/shared searchKey's fold). */
  name: string;
  /** The passport number in lower case (the SQL filter compares lower(passport_no)). */
  passport: string;
  /** The entry date, YYYY-MM-DD (orders as the date does). */
  date: string;
  status: string;
  nationality: string;
  post: string;
}

/** What the index filters on: the posts (null: every post) and the typed texts, folded. */
export interface IndexSearch {
  posts: readonly string[] | null;
  /** The folded name (searchKey), or undefined for no name filter. */
  name?: string | undefined;
  /** The passport text in lower case, or undefined. */
  passport?: string | undefined;
  status?: string | undefined;
  nationality?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

/**
 * Travellers held over every post at most; a search over more is answered in SQL. A setting
 * that is not a whole number of at least 0 is the default.
 */
const ENTRIES_AT_MOST = ((text) => (/^\d{1,9}$/.test(text) ? Number(text) : 500_000))(
  process.env.BH_SEARCH_INDEX_MAX ?? '',
);
/** A delta longer than this empties the index: loading the searched posts again costs less. */
const DELTA_AT_MOST = 5_000;

const entrySchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  passport: z.string(),
  date: z.string(),
  status: z.string(),
  nationality: z.string(),
  post: z.string(),
});
const changeSchema = entrySchema.extend({ deleted: z.boolean() });
const sizeSchema = z.object({ post: z.string(), n: z.coerce.number() });
const highestSchema = z.object({ v: z.coerce.number().nullable() });

const ENTRY_COLUMNS = sql`id::text AS id, name_folded AS name, passport_no AS passport, entry_date::text AS date,
  status, nationality, entry_post_id::text AS post`;

/** Newest entry first, ties by id (the listing's `ORDER BY entry_date DESC, id DESC`). */
export function compareDesc(a: { date: string; id: string }, b: { date: string; id: string }): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
}

/** Where `e` is or would go in `list` (kept in compareDesc order). */
function positionOf(list: SearchEntry[], e: { date: string; id: string }): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const at = list[mid];
    if (at && compareDesc(at, e) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Dates, statuses, nationalities and posts repeat: one string each instead of one per row. */
class Interned {
  private readonly seen = new Map<string, string>();
  of(value: string): string {
    const known = this.seen.get(value);
    if (known !== undefined) return known;
    if (this.seen.size < 20_000) this.seen.set(value, value);
    return value;
  }
}

/** Does `e` pass the search's filters other than the text `scanned` found? */
function passes(e: SearchEntry, s: IndexSearch, scanned: 'name' | 'passport'): boolean {
  return (
    (scanned === 'name' || s.name === undefined || e.name.includes(s.name)) &&
    (scanned === 'passport' || s.passport === undefined || e.passport.includes(s.passport)) &&
    (s.status === undefined || e.status === s.status) &&
    (s.nationality === undefined || e.nationality === s.nationality) &&
    (s.dateFrom === undefined || e.date >= s.dateFrom) &&
    (s.dateTo === undefined || e.date <= s.dateTo)
  );
}

/**
 * One text of every entry of a post, joined by NUL (which no stored text holds), with where each
 * entry's starts. A search finds its text with `indexOf` over the whole, far cheaper than one
 * `includes` per entry (each call has a fixed cost: 250,000 of them took ~30 ms), then the entry
 * by a binary search of the starts.
 */
interface Joined {
  text: string;
  starts: Int32Array;
}

function join(entries: readonly SearchEntry[], field: 'name' | 'passport'): Joined {
  const starts = new Int32Array(entries.length);
  let at = 0;
  entries.forEach((e, i) => {
    starts[i] = at;
    at += e[field].length + 1;
  });
  return { text: entries.map((e) => e[field]).join('\0'), starts };
}

/** The indexes of the entries whose text holds `key`, in order, each once. */
function scan({ text, starts }: Joined, key: string, visit: (index: number) => void): void {
  if (key.includes('\0')) return;
  let from = 0;
  for (;;) {
    const at = text.indexOf(key, from);
    if (at < 0) return;
    // The entry the match lies in: the last that starts at or before it (a match never spans
    // the NUL between two entries).
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((starts[mid] ?? 0) <= at) lo = mid;
      else hi = mid - 1;
    }
    visit(lo);
    from = starts[lo + 1] ?? text.length;
  }
}

/** A post's live travellers in compareDesc order, and their texts joined when first searched. */
class PostList {
  private joined: { name?: Joined; passport?: Joined } = {};
  constructor(readonly entries: SearchEntry[]) {}

  /** The entries that match, in order. */
  matches(search: IndexSearch): SearchEntry[] {
    const field = search.name !== undefined ? 'name' : 'passport';
    const key = search.name ?? search.passport ?? '';
    const found: SearchEntry[] = [];
    const { entries } = this;
    if (entries.length === 0) return found;
    const joined = this.joined[field] ?? join(entries, field);
    this.joined[field] = joined;
    scan(joined, key, (i) => {
      const e = entries[i];
      if (e && passes(e, search, field)) found.push(e);
    });
    return found;
  }

  insert(e: SearchEntry): void {
    this.entries.splice(positionOf(this.entries, e), 0, e);
    this.joined = {};
  }

  remove(old: SearchEntry): void {
    const at = positionOf(this.entries, old);
    if (this.entries[at]?.id !== old.id) return;
    this.entries.splice(at, 1);
    this.joined = {};
  }
}

export class SearchIndex {
  /** Each loaded post's live travellers; the Map's order is least recently used first. */
  private readonly posts = new Map<string, PostList>();
  private readonly byId = new Map<string, SearchEntry>();
  private readonly interned = new Interned();
  /** Every change up to this change_seq is applied. */
  private seq = 0;
  /** The refresh under way: searches wait for it rather than read the same delta. */
  private refreshing: Promise<void> | null = null;
  /** Every post's travellers are held (a search over every post loaded them): new posts join. */
  private allHeld = false;
  /** Live travellers per post (read for a search over every post), by post. */
  private sizes: { at: number; of: Map<string, number> } | null = null;
  /** Figures for the tests. */
  readonly stats = { loads: 0, deltas: 0, resets: 0 };

  constructor(
    private readonly db: Reader,
    private readonly most = ENTRIES_AT_MOST,
  ) {}

  /**
   * The travellers that match, per post, each newest entry first (ties by id, descending); null
   * when the posts searched hold more travellers than the index may (the caller searches in SQL).
   */
  async matches(search: IndexSearch, version: number | null): Promise<Matches | null> {
    await this.upTo(version ?? 0);
    // Every post: everyPost() counted them already.
    const posts = search.posts ?? (await this.everyPost(version ?? 0));
    if (posts === null || (search.posts !== null && !(await this.fits(posts)))) return null;
    const lists: PostList[] = [];
    for (const post of posts) lists.push(await this.post(post));
    if (search.posts === null) this.allHeld = true;
    const found: SearchEntry[][] = [];
    let total = 0;
    for (const list of lists) {
      const here = list.matches(search);
      total += here.length;
      if (here.length > 0) found.push(here);
    }
    return { total, lists: found };
  }

  /** How many travellers the index holds (tests). */
  get size(): number {
    return this.byId.size;
  }

  /** Brings the index up to `version`: the changes since the last refresh, or a reset. */
  private async upTo(version: number): Promise<void> {
    // A version below what the index has seen: usually a request that read it just before another
    // one's write (the index is then newer, which is fine); or the data went back (a restore, a
    // failover that lost writes), which the highest change now tells: start again from it.
    if (version < this.seq && !this.refreshing) {
      const [now] = await queryRows(this.db, highestSchema, sql`SELECT max(change_seq) AS v FROM travelers`);
      const highest = now?.v ?? 0;
      if (highest < this.seq && !this.refreshing) {
        this.reset();
        this.seq = highest;
      }
    }
    while (this.seq < version) {
      if (!this.refreshing) {
        this.refreshing = this.refresh(version).finally(() => {
          this.refreshing = null;
        });
      }
      await this.refreshing;
    }
  }

  private async refresh(version: number): Promise<void> {
    const from = this.seq;
    if (this.posts.size === 0) {
      // Nothing held: nothing to bring up to date.
      this.seq = version;
      return;
    }
    const changes = await queryRows(
      this.db,
      changeSchema,
      sql`SELECT ${ENTRY_COLUMNS}, deleted_at IS NOT NULL AS deleted FROM travelers
        WHERE change_seq > ${from} AND change_seq <= ${version} ORDER BY change_seq LIMIT ${DELTA_AT_MOST + 1}`,
    );
    // A post loaded meanwhile moved `seq` back (see post()): read again from there.
    if (this.seq !== from) return;
    if (changes.length > DELTA_AT_MOST) {
      this.reset();
      this.seq = version;
      return;
    }
    this.stats.deltas++;
    for (const c of changes) {
      this.remove(c.id);
      if (c.deleted) continue;
      // A post whose first traveller this is, while every post is held: it is held too.
      if (this.allHeld && !this.posts.has(c.post)) this.posts.set(this.interned.of(c.post), new PostList([]));
      if (this.posts.has(c.post)) this.insert(this.entryOf(c));
    }
    this.seq = version;
  }

  /** The live travellers of each post, read again when the data moved on (a cheap count by post). */
  private async postSizes(version: number): Promise<Map<string, number>> {
    if (this.sizes && this.sizes.at === version) return this.sizes.of;
    const rows = await queryRows(
      this.db,
      sizeSchema,
      sql`SELECT entry_post_id::text AS post, count(*) AS n FROM travelers WHERE deleted_at IS NULL GROUP BY 1`,
    );
    const of = new Map(rows.map((r) => [r.post, r.n]));
    this.sizes = { at: version, of };
    return of;
  }

  /** Every post with live travellers (a search over every post), or null when they are too many. */
  private async everyPost(version: number): Promise<string[] | null> {
    if (this.allHeld) return [...this.posts.keys()];
    const sizes = await this.postSizes(version);
    let total = 0;
    for (const n of sizes.values()) total += n;
    return total > this.most ? null : [...sizes.keys()];
  }

  /**
   * Can `posts` be held at once? Posts held already count as they are; the others are counted
   * (those alone: a count of every post's travellers is for a search over every post).
   */
  private async fits(posts: readonly string[]): Promise<boolean> {
    let total = 0;
    const missing: string[] = [];
    for (const post of posts) {
      const held = this.posts.get(post);
      if (held) total += held.entries.length;
      else missing.push(post);
    }
    if (missing.length > 0) {
      const counted = await queryRows(
        this.db,
        sizeSchema,
        sql`SELECT entry_post_id::text AS post, count(*) AS n FROM travelers
          WHERE deleted_at IS NULL AND entry_post_id = ANY(${`{${missing.join(',')}}`}::uuid[]) GROUP BY 1`,
      );
      for (const c of counted) total += c.n;
    }
    return total <= this.most;
  }

  /** A post's list, loaded when the post is first searched (or again after a reset). */
  private async post(post: string): Promise<PostList> {
    const held = this.posts.get(post);
    if (held) {
      this.posts.delete(post);
      this.posts.set(post, held);
      return held;
    }
    const seqBefore = this.seq;
    // Rows newer than `seq` may come in too: the next delta applies them again (an entry is
    // replaced by id, so applying a change twice changes nothing).
    const rows = await queryRows(
      this.db,
      entrySchema,
      sql`SELECT ${ENTRY_COLUMNS} FROM travelers WHERE entry_post_id = ${post}::uuid AND deleted_at IS NULL`,
    );
    const again = this.posts.get(post);
    if (again) return again; // loaded by a search that ran meanwhile
    const entries = rows.map((r) => this.entryOf(r)).sort(compareDesc);
    const list = new PostList(entries);
    this.posts.set(post, list);
    for (const e of entries) {
      // Held under another post by a delta not yet applied (a transfer): it is here now.
      if (this.byId.has(e.id)) this.remove(e.id);
      this.byId.set(e.id, e);
    }
    this.stats.loads++;
    // A refresh that ran during the load may have missed rows of this post: bring the index up
    // again from where it was (a traveller already in its place is replaced by itself).
    if (this.seq !== seqBefore) this.seq = Math.min(this.seq, seqBefore);
    this.trim(post);
    return list;
  }

  private entryOf(r: z.output<typeof entrySchema>): SearchEntry {
    return {
      id: r.id,
      name: r.name ?? '',
      passport: r.passport.toLowerCase(),
      date: this.interned.of(r.date),
      status: this.interned.of(r.status),
      nationality: this.interned.of(r.nationality),
      post: this.interned.of(r.post),
    };
  }

  private insert(e: SearchEntry): void {
    const list = this.posts.get(e.post);
    if (!list) return;
    list.insert(e);
    this.byId.set(e.id, e);
  }

  private remove(id: string): void {
    const old = this.byId.get(id);
    if (!old) return;
    this.byId.delete(id);
    this.posts.get(old.post)?.remove(old);
  }

  /** Drops the least recently searched posts while the index holds too many travellers. */
  private trim(keep: string): void {
    for (const [post, list] of this.posts) {
      if (this.byId.size <= this.most || post === keep) break;
      this.allHeld = false;
      this.posts.delete(post);
      for (const e of list.entries) if (this.byId.get(e.id) === e) this.byId.delete(e.id);
    }
  }

  private reset(): void {
    this.posts.clear();
    this.byId.clear();
    this.allHeld = false;
    this.sizes = null;
    this.stats.resets++;
  }
}

/** One index per database (the primary's reader), made when first searched. */
const indexes = new WeakMap<Reader, SearchIndex>();

/**
 * Forgets the index of `db` (the tests empty the tables between cases without change numbers).
 * @internal Exported for the tests only (knip --production).
 */
export function forgetSearchIndex(db: Reader): void {
  indexes.delete(db);
}

export function searchIndex(db: Reader): SearchIndex {
  let index = indexes.get(db);
  if (!index) {
    index = new SearchIndex(db);
    indexes.set(db, index);
  }
  return index;
}

/** A search's matches: how many, and each post's in compareDesc order. */
export interface Matches {
  total: number;
  lists: SearchEntry[][];
}

/**
 * A page of the matches in the listing's `order`: after the keyset cursor's (date, id) when
 * given, else from `skip`. The posts' lists are merged only as far as the page reaches (a sort of
 * every match of a common name over many posts cost more than the search).
 */
export function pageOf(
  matches: Matches,
  order: 'asc' | 'desc',
  after: { date: string; id: string } | null,
  skip: number,
  size: number,
): SearchEntry[] {
  const desc = order === 'desc';
  // Each list's next entry in the page's order: from its start (desc) or its end (asc), past the
  // cursor when there is one.
  const heads = matches.lists.map((list) => {
    if (!after) return desc ? 0 : list.length - 1;
    const at = positionOf(list, after);
    if (desc) return list[at] && compareDesc(list[at], after) === 0 ? at + 1 : at;
    return at - 1;
  });
  const page: SearchEntry[] = [];
  for (let n = 0; n < skip + size; n++) {
    let best = -1;
    let bestEntry: SearchEntry | undefined;
    matches.lists.forEach((list, i) => {
      const e = list[heads[i] ?? -1];
      if (!e) return;
      if (!bestEntry || (desc ? compareDesc(e, bestEntry) < 0 : compareDesc(e, bestEntry) > 0)) {
        best = i;
        bestEntry = e;
      }
    });
    if (!bestEntry) break;
    heads[best] = (heads[best] ?? 0) + (desc ? 1 : -1);
    if (n >= skip) page.push(bestEntry);
  }
  return page;
}

/** The ids of every match (a page another sort orders in SQL). */
export const idsOf = (matches: Matches): string[] => matches.lists.flatMap((list) => list.map((e) => e.id));
