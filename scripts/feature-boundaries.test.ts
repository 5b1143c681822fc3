/**
 * The feature-boundary check of `npm run lint` (scripts/feature-boundaries.mjs) over a scratch
 * web source tree: a cross-feature import passes only where the document names it, a screen never
 * imports the app shell, and a named import no file makes is reported.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations
import { allowedFromDoc, checkBoundaries, featureImports } from './feature-boundaries.mjs';

let dir = '';

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
}

interface Edge {
  file: string;
  from: string;
  to: string;
}

function check(doc: string) {
  const edges: Edge[] = featureImports(dir);
  const { violations, unused }: { violations: Edge[]; unused: string[] } = checkBoundaries(
    edges,
    allowedFromDoc(doc),
  );
  return {
    violations: violations.map((v) => `${path.relative(dir, v.file)} -> ${v.to}`),
    unused,
  };
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'feature-boundaries-'));
  write('lib/util.ts', 'export const u = 1;\n');
  write('app/shell.tsx', "import { a } from '../features/a/a.ts';\nexport const s = a;\n");
  write('features/a/a.ts', "import { u } from '../../lib/util.ts';\nexport const a = u;\n");
  write('features/a/other.ts', "import { a } from './a.ts';\nexport const o = a;\n");
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('feature boundaries', () => {
  it('reads the allowed imports from the document’s list', () => {
    const allowed: Map<string, Set<string>> = allowedFromDoc(
      'text\n- `intake` -> `travelers`, `health-declaration` (why)\n  - `users` -> `auth`\n- other line\n',
    );
    expect([...allowed].map(([k, v]) => [k, [...v]])).toEqual([
      ['intake', ['travelers', 'health-declaration']],
      ['users', ['auth']],
    ]);
  });

  it('imports within a feature and into shared layers pass; the app may import screens', () => {
    expect(check('')).toEqual({ violations: [], unused: [] });
  });

  it('a cross-feature import passes only where the document names it, lazy and type-only ones too', () => {
    write('features/b/b.ts', "import type { a } from '../a/a.ts';\nexport const b = (x: typeof a) => x;\n");
    write('features/c/c.ts', "export const c = () => import('../a/other.ts');\n");
    expect(check('').violations).toEqual(['features/b/b.ts -> a', 'features/c/c.ts -> a']);
    expect(check('- `b` -> `a`\n- `c` -> `a`\n')).toEqual({ violations: [], unused: [] });
  });

  it('a screen never imports the app shell, whatever the document says', () => {
    write('features/b/b.ts', "export { s } from '../../app/shell.tsx';\n");
    expect(check('- `b` -> `app`\n').violations).toEqual(['features/b/b.ts -> app']);
  });

  it('an allowed import no file makes any more is reported', () => {
    expect(check('- `a` -> `b`\n').unused).toEqual(['a -> b']);
  });

  it('the repository holds: every cross-feature import is named, every name is used', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const allowed = allowedFromDoc(readFileSync(path.join(root, 'docs/architecture.md'), 'utf8'));
    const result = checkBoundaries(featureImports(path.join(root, 'apps/web/src')), allowed);
    expect(result.violations).toEqual([]);
    expect(result.unused).toEqual([]);
    expect(allowed.size).toBeGreaterThan(0);
  });
});
