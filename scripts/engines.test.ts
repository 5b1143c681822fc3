/**
 * package.json declares the Node.js versions the project runs on (`engines.node`); every package
 * that npm ci installs must accept the oldest of them, or `npm ci` warns EBADENGINE and the
 * package may use what that Node.js lacks.
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const json = (file: string) => JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'));

describe('Node.js engines', () => {
  it('every installed package accepts the oldest Node.js that package.json declares', () => {
    const declared: string = json('package.json').engines.node;
    const oldest = semver.minVersion(declared)?.version;
    expect(oldest).toBe('20.19.0');
    const lock: { packages: Record<string, { engines?: { node?: string }; optional?: boolean }> } =
      json('package-lock.json');
    const refusing = Object.entries(lock.packages)
      .filter(([, p]) => !p.optional && p.engines?.node && !semver.satisfies(oldest, p.engines.node))
      .map(([name, p]) => `${name.replace(/^.*node_modules\//, '')} wants node ${p.engines?.node}`);
    expect(refusing).toEqual([]);
  });
});
