/**
 * The generated OpenAPI document (GET /api/openapi.json on the real app) passes Redocly's
 * recommended rules with no error: written to a temporary file and checked by `redocly lint`
 * (@redocly/cli, a root devDependency). Warnings are printed, not failed on.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness.ts';

let h: Harness;
let dir: string;
beforeAll(async () => {
  h = await createHarness();
  dir = mkdtempSync(path.join(tmpdir(), 'bh-openapi-'));
});
afterAll(async () => {
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location?: { pointer?: string }[];
}

describe('OpenAPI document lint (Redocly, recommended rules)', () => {
  it('has no errors', async () => {
    const res = await h.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, res.body);
    const cli = fileURLToPath(import.meta.resolve('@redocly/cli/bin/cli.js'));
    const run = spawnSync(process.execPath, [cli, 'lint', file, '--format=json', '--max-problems=10000'], {
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    const json = run.stdout.slice(run.stdout.indexOf('{'));
    const report: { totals: { errors: number; warnings: number }; problems: LintProblem[] } =
      JSON.parse(json);
    const { totals, problems } = report;
    const errors = problems.filter((p) => p.severity === 'error');
    console.info(`redocly lint: ${totals.errors} errors, ${totals.warnings} warnings`);
    expect(totals.errors).toBe(errors.length);
    const shown = errors.map((p) => `${p.ruleId} ${p.location?.[0]?.pointer ?? ''}: ${p.message}`);
    expect(shown).toEqual([]);
  }, 60_000);
});
