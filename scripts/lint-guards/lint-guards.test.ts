/**
 * The layering rules of docs/architecture.md are lint errors, not advice. This test copies the
 * repository's biome.json into a scratch tree laid out like the repository, writes files that
 * break each rule (an import cycle, sync/ importing a screen, a server module importing app.ts,
 * shared code doing I/O) and files that follow them, and checks what `biome lint` says.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');
let dir = '';

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
}

/** Runs biome lint on some files of the scratch tree; returns exit status and diagnostics text. */
function lint(...files: string[]) {
  const r = spawnSync(process.execPath, [path.join(repo, 'scripts/biome.mjs'), 'lint', ...files], {
    cwd: dir,
    encoding: 'utf8',
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'lint-guards-'));
  const config = JSON.parse(readFileSync(path.join(repo, 'biome.json'), 'utf8'));
  config.vcs = { enabled: false };
  write('biome.json', JSON.stringify(config));
  // Cycle: a -> b -> a.
  write('packages/shared/src/a.ts', "import { b } from './b.ts';\nexport const a = () => b();\n");
  write('packages/shared/src/b.ts', "import { a } from './a.ts';\nexport const b = () => a;\n");
  // Web: sync importing a screen (forbidden) and a screen importing sync (allowed).
  write(
    'apps/web/src/features/screen.ts',
    "import { engine } from '../sync/engine.ts';\nexport const screen = engine;\n",
  );
  write('apps/web/src/sync/engine.ts', 'export const engine = 1;\n');
  write(
    'apps/web/src/sync/bad.ts',
    "import { screen } from '../features/screen.ts';\nexport const bad = screen;\n",
  );
  write(
    'apps/web/src/lib/bad.ts',
    "import { screen } from '../features/screen.ts';\nexport const bad2 = screen;\n",
  );
  // Server: a module importing app.ts (forbidden) and the context (allowed).
  write('apps/server/src/app.ts', 'export const buildApp = 1;\n');
  write('apps/server/src/plugins/context.ts', 'export const ctx = 1;\n');
  write(
    'apps/server/src/modules/m/bad.ts',
    "import { buildApp } from '../../app.ts';\nexport const m = buildApp;\n",
  );
  write(
    'apps/server/src/modules/m/ok.ts',
    "import { ctx } from '../../plugins/context.ts';\nexport const ok = ctx;\n",
  );
  // Shared: I/O is forbidden.
  write(
    'packages/shared/src/io.ts',
    "import { readFileSync } from 'node:fs';\nexport const io = readFileSync;\n",
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('lint guards', () => {
  it('fails on an import cycle', () => {
    const r = lint('packages/shared/src/a.ts', 'packages/shared/src/b.ts');
    expect(r.status).not.toBe(0);
    expect(r.out).toContain('noImportCycles');
  });

  it('fails when sync/ or lib/ imports from features/', () => {
    for (const file of ['apps/web/src/sync/bad.ts', 'apps/web/src/lib/bad.ts']) {
      const r = lint(file);
      expect(r.status, file).not.toBe(0);
      expect(r.out).toContain('noRestrictedImports');
      expect(r.out).toContain('007-web-layering');
    }
  });

  it('fails when a server module imports app.ts', () => {
    const r = lint('apps/server/src/modules/m/bad.ts');
    expect(r.status).not.toBe(0);
    expect(r.out).toContain('never import app.ts');
  });

  it('fails when shared code imports node I/O', () => {
    const r = lint('packages/shared/src/io.ts');
    expect(r.status).not.toBe(0);
    expect(r.out).toContain('packages/shared is pure');
  });

  it('passes imports in the allowed direction', () => {
    const r = lint(
      'apps/web/src/features/screen.ts',
      'apps/web/src/sync/engine.ts',
      'apps/server/src/modules/m/ok.ts',
    );
    expect(r.out).not.toContain('noRestrictedImports');
    expect(r.status).toBe(0);
  });
});
