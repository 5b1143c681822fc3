/**
 * The traveller index's change feed on its own: Dexie's change events and the pull's reported
 * pages become the next read, in order (everything, the wide re-read, keys, the moments), and a
 * pull with pages to come holds the wide re-read back until it ends.
 */
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BulkWrite, reportBulkWrites } from './bulk-writes.ts';
import { PWADatabase } from './database.ts';
import { TravelerChangeFeed } from './traveler-changes.ts';

let database: PWADatabase;
let feed: TravelerChangeFeed;
let kicks = 0;
let pages: [BulkWrite, boolean][] = [];

const changed = (tree: Record<string, unknown>) =>
  Dexie.on('storagemutated').fire({ [`idb://${database.name}/travelers/`]: tree });
const page = (at: number): BulkWrite => ({
  table: 'travelers',
  records: [{ id: `t${at}`, version: 1, syncStatus: 'synced', lastModified: at }],
  at,
});
/** Every piece of work queued, in the order the index takes it. */
function drain() {
  const out: unknown[] = [];
  for (let work = feed.next(); work !== null; work = feed.next()) out.push(work);
  return out;
}

beforeEach(() => {
  database = new PWADatabase(`feed-${Math.random()}`);
  kicks = 0;
  pages = [];
  feed = new TravelerChangeFeed(database, {
    kick: () => {
      kicks++;
    },
    takePage: (write, inRun) => pages.push([write, inRun]),
  });
  feed.start();
});

afterEach(() => {
  feed.stop();
});

describe('the traveller change feed', () => {
  it('single keys are read by key; a range is a wide re-read, with the keys queued beside it', () => {
    changed({ from: 'a', to: 'a' });
    expect(kicks).toBe(1);
    expect(drain()).toEqual([{ kind: 'keys', keys: ['a'] }]);
    changed({ from: 'b', to: 'b', l: { from: 'c', to: 'x' } });
    expect(drain()).toEqual([{ kind: 'wide', keys: ['b'] }]);
    expect(feed.hasWork()).toBe(false);
  });

  it('a full read comes first and takes everything queued with it', () => {
    changed({ from: 'a', to: 'a' });
    feed.queueFull();
    expect(feed.fullQueued).toBe(true);
    expect(drain()).toEqual([{ kind: 'full' }]);
  });

  it('a full read due leaves the reported pages to it', () => {
    feed.queueFull();
    reportBulkWrites(database, [page(5)]);
    expect(pages).toEqual([]);
  });

  it('a pull with pages to come holds the wide re-read back, checks each page’s moment, and lets it go at its end', () => {
    reportBulkWrites(database, [page(1)], true);
    expect(pages).toEqual([[page(1), true]]);
    changed({ from: 'a', to: 'z' });
    expect(drain()).toEqual([{ kind: 'moments' }]);
    // The last page still belongs to the run: the re-read at its end covers what came meanwhile.
    reportBulkWrites(database, [page(2)], false);
    expect(pages.at(-1)).toEqual([page(2), true]);
    expect(drain()).toEqual([{ kind: 'wide', keys: [] }]);
  });
});
