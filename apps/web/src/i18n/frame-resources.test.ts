import { describe, expect, it } from 'vitest';
import { frameResources } from './frame-resources.ts';

type Tree = { [key: string]: string | Tree };
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v, `${prefix}${k}.`),
  );
const baseKey = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

describe('frame translations', () => {
  it('every key exists, non-empty, in Vietnamese, English and Japanese', () => {
    const resources = frameResources();
    const sets = Object.fromEntries(
      (['vi', 'en', 'ja'] as const).map((l) => [l, new Set(keysOf(resources[l]).map(baseKey))]),
    );
    const all = new Set(Object.values(sets).flatMap((s) => [...s]));
    expect(all.size).toBeGreaterThan(50);
    const missing = [...all].flatMap((k) =>
      (['vi', 'en', 'ja'] as const).filter((l) => !sets[l]?.has(k)).map((l) => `${l}: ${k}`),
    );
    expect(missing).toEqual([]);
    for (const lang of ['vi', 'en', 'ja'] as const) {
      const empty = keysOf(resources[lang]).filter((k) => {
        const value = k
          .split('.')
          .reduce<string | Tree | undefined>(
            (n, p) => (typeof n === 'object' ? n[p] : undefined),
            resources[lang],
          );
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(empty, lang).toEqual([]);
    }
  });
});
