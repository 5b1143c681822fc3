/**
 * A migrated empty PGlite database as a copy (a tar of its data directory) that the test suites'
 * databases start from: a new PGlite runs PostgreSQL's initdb in WebAssembly, about 4 s on these
 * machines, and the migrations after it; opening the copy takes about a second. Made once and
 * kept in the system's temporary folder under a name that changes with PGlite's version and the
 * migrations' text, so a new migration makes a new template. The file is what the test processes
 * share (the server files' one process, the sync files' own); two making it at once each write it
 * whole, then rename.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { openDatabase } from '../db/client.ts';
import { migrationsFolder } from '../paths.ts';

function templateFile(): string {
  const hash = createHash('sha256');
  // PGlite's package.json (its version) sits above its dist folder.
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(path.join(path.dirname(pglite), '..', 'package.json')));
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(migrationsFolder);
  return path.join(tmpdir(), `bh-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

let made: Promise<Uint8Array> | undefined;

/** The template's bytes, made on first use. */
export function pgliteTemplate(): Promise<Uint8Array> {
  made ??= (async () => {
    const file = templateFile();
    try {
      return new Uint8Array(readFileSync(file));
    } catch {
      // Not made yet (or unreadable): make it from a new database in memory.
    }
    // In a folder of its own: a database in memory has no copy to give (Database.dumpDataDir).
    const dir = mkdtempSync(path.join(tmpdir(), 'bh-template-'));
    const database = await openDatabase({ dataDir: dir });
    try {
      if (!database.dumpDataDir) throw new Error('a PGlite database in a folder gives a copy');
      // Kept unpacked: PGlite opens a tar half a second sooner than its gzip.
      const copy = gunzipSync(await database.dumpDataDir());
      const partial = `${file}.${randomUUID()}`;
      writeFileSync(partial, copy);
      renameSync(partial, file);
      return copy;
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  })();
  return made;
}
