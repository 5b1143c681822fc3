/**
 * Text as name search compares it, the same on the device and on the server: case, accents and
 * other marks forgiven ("tran thi" finds "Trần Thị Hoa", "dang" finds "Đặng"), full-width Latin as
 * ASCII, katakana as hiragana (タナカ finds たなか). Kanji and every other character stay as they are.
 *
 * The fold is one character to at most one character, so PostgreSQL can compute it with
 * `translate(text, FROM, TO)`: an immutable function that a trigram index can be built on, in
 * PostgreSQL and PGlite alike, whatever the database's locale (no lower(), no unaccent). The
 * server folds the stored name in SQL (`foldedSql`) and what was typed in TypeScript
 * (`foldForSearch`); both read the one table below, and a test holds the migration's index
 * expression to it. Combining marks (a name stored decomposed) are dropped.
 */

interface FoldTable {
  map: ReadonlyMap<string, string>;
  /** Each folded character with what it becomes, in code point order. */
  pairs: readonly (readonly [string, string])[];
  /** Characters the fold deletes (combining marks). */
  deleted: readonly string[];
}

const range = (first: number, last: number): string[] =>
  Array.from({ length: last - first + 1 }, (_, i) => String.fromCodePoint(first + i));

/** Latin, Greek and Cyrillic letters: lower case without marks, when that is one other character. */
function letterFold(ch: string): string | null {
  const special: Record<string, string> = {
    đ: 'd',
    Đ: 'd',
    ø: 'o',
    Ø: 'o',
    ł: 'l',
    Ł: 'l',
    ı: 'i',
    ħ: 'h',
    Ħ: 'h',
  };
  const base = special[ch] ?? ch.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return [...base].length === 1 && base !== ch ? base : null;
}

function buildTable(): FoldTable {
  const pairs: [string, string][] = [];
  const add = (ch: string, to: string | null) => {
    if (to !== null && to !== ch) pairs.push([ch, to]);
  };
  for (const ch of [
    ...range(0x41, 0x5a), // A-Z
    ...range(0xc0, 0x24f), // Latin-1 letters, Latin Extended-A and -B
    ...range(0x1e00, 0x1eff), // Latin Extended Additional (Vietnamese: ầ, ặ, ễ, ợ, ữ...)
    ...range(0x386, 0x3ab), // Greek capitals and accented letters
    ...range(0x3ac, 0x3ce),
    ...range(0x400, 0x42f), // Cyrillic capitals
    ...range(0x450, 0x45f),
  ])
    add(ch, letterFold(ch));
  // Full-width digits and letters (０-９, ＡＢＣ) as ASCII, letters in lower case.
  for (const ch of [...range(0xff10, 0xff19), ...range(0xff21, 0xff3a), ...range(0xff41, 0xff5a)])
    add(ch, ch.normalize('NFKC').toLowerCase());
  // Katakana as hiragana (the same sounds, 0x60 apart), half-width katakana through full-width.
  const hiragana = (kata: string) => {
    const code = kata.codePointAt(0) ?? 0;
    return code >= 0x30a1 && code <= 0x30f6 ? String.fromCodePoint(code - 0x60) : null;
  };
  for (const ch of range(0x30a1, 0x30f6)) add(ch, hiragana(ch));
  for (const ch of range(0xff66, 0xff9d)) add(ch, hiragana(ch.normalize('NFKC')));
  const deleted = range(0x300, 0x36f); // combining diacritical marks
  const map = new Map<string, string>(pairs);
  for (const ch of deleted) map.set(ch, '');
  return { map, pairs, deleted };
}

const TABLE = buildTable();

/** The folded form of `text` (not trimmed; see `searchKey` for what was typed). */
export function foldForSearch(text: string): string {
  let out = '';
  for (const ch of text) out += TABLE.map.get(ch) ?? ch;
  return out;
}

/** What was typed, as it is searched for: folded and trimmed. */
export function searchKey(typed: string): string {
  return foldForSearch(typed.trim());
}

/**
 * The SQL expression folding a text column the way `foldForSearch` does; `column` is an SQL
 * fragment naming the column. The table has no quote, so the literals need no escaping; the
 * check below keeps it that way. Migration 0026's trigger holds it (for writers that change a
 * name without its fold); the server's tests hold the migration to it.
 * @internal Exported for the tests only (knip --production).
 *
 * PostgreSQL's translate() looks each character of the text up in FROM from its start, so a
 * character's cost is its place there (a name's lower-case letters and spaces, absent from FROM,
 * cost the whole of it: about 60 µs a name, most of a synced traveller's insert). So FROM starts
 * with the characters names hold most, those that stay as they are mapped to themselves, then
 * capitals and the Vietnamese letters: 8 times cheaper, the same fold (migration 0024).
 */
export function foldedSql(column: string): string {
  const unchanged = ' abcdefghijklmnopqrstuvwxyz';
  const vietnamese = 'ĐđĂăƠơƯưĨĩŨũ'; // outside Latin-1 and the U+1EA0 block
  const rank = (ch: string) => {
    const code = ch.codePointAt(0) ?? 0;
    if (code <= 0x5a) return 0;
    if (vietnamese.includes(ch) || code <= 0xff) return 1;
    if (code >= 0x1ea0 && code <= 0x1ef9) return 2;
    return 3;
  };
  const ordered = [...TABLE.pairs].sort((a, b) => rank(a[0]) - rank(b[0]));
  const from = unchanged + ordered.map(([ch]) => ch).join('') + TABLE.deleted.join('');
  const to = unchanged + ordered.map(([, folded]) => folded).join('');
  if (from.includes("'") || to.includes("'") || from.includes('\\')) {
    throw new Error('search-fold: the fold table must not hold quotes');
  }
  return `translate(${column}, '${from}', '${to}')`;
}
