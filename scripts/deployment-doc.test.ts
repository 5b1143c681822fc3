/**
 * docs/deployment.md is where an operator looks up a setting: every variable the server reads
 * (apps/server/src/config.ts) has a row in its table, and README's table names no variable the
 * server does not read.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');

/** The keys of the config schema: lines such as `  RATE_LIMIT_PER_MINUTE: limit(1200),`. */
function configKeys(): string[] {
  const source = read('apps/server/src/config.ts');
  const body = source.slice(source.indexOf('const configSchema = z.object({'));
  const schema = body.slice(0, body.indexOf('\n});'));
  return [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1] ?? '');
}

/** Variables named in the first column of a markdown table: | `A`, `B` | ... */
function tableVariables(markdown: string): Set<string> {
  const names = new Set<string>();
  for (const line of markdown.split('\n')) {
    const first = /^\|([^|]*)\|/.exec(line)?.[1] ?? '';
    for (const m of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(m[1] ?? '');
  }
  return names;
}

describe('configuration documentation', () => {
  it('docs/deployment.md has a row for every variable the server reads', () => {
    const keys = configKeys();
    expect(keys.length).toBeGreaterThan(20);
    const documented = tableVariables(read('docs/deployment.md'));
    expect(keys.filter((k) => !documented.has(k))).toEqual([]);
  });

  it("README's configuration table names only variables the server reads", () => {
    const keys = new Set(configKeys());
    const readme = read('README.md');
    const table = readme.slice(readme.indexOf('## Configuration'));
    expect([...tableVariables(table)].filter((k) => !keys.has(k))).toEqual([]);
  });
});
