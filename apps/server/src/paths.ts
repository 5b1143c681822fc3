/**
 * Where the server's files are, whether it runs from source (src/*.ts through tsx in tests) or
 * compiled (dist/main.js): both live one or two folders below apps/server, so the root is found
 * by looking for the folder that holds the migrations.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

function findServerRoot(from: string): string {
  let dir = from;
  while (!existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`apps/server not found above ${from}`);
    dir = up;
  }
  return dir;
}

export const serverRoot = findServerRoot(import.meta.dirname);
export const repoRoot = path.resolve(serverRoot, '../..');
export const migrationsFolder = path.join(serverRoot, 'drizzle');
