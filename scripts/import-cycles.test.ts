/**
 * The import-cycle check of `npm run lint` (scripts/import-cycles.mjs): it builds the graph of a
 * scratch tree laid out like the repository and must find every ring, type-only ones included,
 * and nothing else.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations
import { findCycles, importGraph, importsOf } from './import-cycles.mjs';

const script = path.join(import.meta.dirname, 'import-cycles.mjs');
let dir = '';

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
}

/** The cycles of the scratch tree, as paths relative to it. */
function cycles(): string[][] {
  const found: { cycle: string[] }[] = findCycles(importGraph(dir));
  return found.map(({ cycle }) => cycle.map((f) => path.relative(dir, f)));
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('import cycle check', () => {
  it('reads value, type-only and re-export specifiers, and leaves out packages and dynamic imports', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      "import { type C, d } from './c';",
      "export type { E } from './e.ts';",
      "export * from './f.ts';",
      "import { z } from 'zod';",
      "const lazy = () => import('./g.ts');",
    ].join('\n');
    expect(importsOf('x.ts', text).sort()).toEqual(['../b.ts', './a.ts', './c', './e.ts', './f.ts']);
  });

  it('finds a ring closed only by type imports', () => {
    write(
      'apps/web/src/sync/engine.ts',
      "import { PushPhase } from './push-phase.ts';\nexport const e = PushPhase;\n",
    );
    write(
      'apps/web/src/sync/push-phase.ts',
      "import type { RunResult } from './engine.ts';\nexport class PushPhase {}\nexport type R = RunResult;\n",
    );
    expect(cycles()).toEqual([
      ['apps/web/src/sync/engine.ts', 'apps/web/src/sync/push-phase.ts', 'apps/web/src/sync/engine.ts'],
    ]);
  });

  it('follows specifiers without an extension, .tsx files and a folder index, across folders', () => {
    write('packages/shared/src/a.ts', "import { b } from './lib';\nexport const a = b;\n");
    write('packages/shared/src/lib/index.ts', "export { c as b } from '../view';\n");
    write(
      'packages/shared/src/view.tsx',
      "import type { a } from './a.ts';\nexport const c = 1 as unknown as typeof a;\n",
    );
    expect(cycles()).toEqual([
      [
        'packages/shared/src/a.ts',
        'packages/shared/src/lib/index.ts',
        'packages/shared/src/view.tsx',
        'packages/shared/src/a.ts',
      ],
    ]);
  });

  it('reports each ring once, and a tree without rings passes (dynamic imports do not count)', () => {
    write('apps/server/src/x.ts', "import { y } from './y.ts';\nexport const x = y;\n");
    write('apps/server/src/y.ts', "import { x } from './x.ts';\nexport const y = () => x;\n");
    write('apps/server/src/z.ts', "import { x } from './x.ts';\nexport const z = x;\n");
    write('apps/web/src/p.ts', "export const p = () => import('./q.ts');\n");
    write('apps/web/src/q.ts', "import { p } from './p.ts';\nexport const q = p;\n");
    expect(cycles()).toEqual([['apps/server/src/x.ts', 'apps/server/src/y.ts', 'apps/server/src/x.ts']]);
    rmSync(path.join(dir, 'apps/server/src/y.ts'));
    write('apps/server/src/y.ts', 'export const y = 1;\n');
    expect(cycles()).toEqual([]);
  });

  it('finds a file importing itself', () => {
    write('packages/shared/src/self.ts', "export * from './self.ts';\nexport const s = 1;\n");
    expect(cycles()).toEqual([['packages/shared/src/self.ts', 'packages/shared/src/self.ts']]);
  });

  it('the repository has no import cycles (the lint step)', () => {
    const r = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(`${r.stdout}${r.stderr}`).toMatch(/no import cycles in \d+ files/);
    expect(r.status).toBe(0);
  });
});
