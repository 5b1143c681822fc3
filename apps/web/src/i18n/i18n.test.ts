import { describe, expect, it } from 'vitest';
import { frameResources } from '../test/frame-resources.ts';
import { buildResources } from './index.ts';

type Tree = { [key: string]: string | Tree };
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v, `${prefix}${k}.`),
  );
/** A key without its plural suffix: English has `x_one`/`x_other` where Vietnamese and Japanese,
 * which do not inflect, have one `x`. */
const baseKey = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

describe('translations', () => {
  // The login route's texts and the frame's (loaded with the frame) are checked together.
  const resources = buildResources();
  const frame = frameResources();
  for (const lang of ['vi', 'en', 'ja'] as const) Object.assign(resources[lang], frame[lang]);

  it('every key exists in Vietnamese, English and Japanese', () => {
    const vi = new Set(keysOf(resources.vi).map(baseKey));
    const en = new Set(keysOf(resources.en).map(baseKey));
    const ja = new Set(keysOf(resources.ja).map(baseKey));
    const all = new Set([...vi, ...en, ...ja]);
    const missing = [...all].flatMap((k) =>
      (['vi', 'en', 'ja'] as const).filter((l) => !{ vi, en, ja }[l].has(k)).map((l) => `${l}: ${k}`),
    );
    expect(missing).toEqual([]);
  });

  it('no translation is empty', () => {
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

  it('carries the spec texts of the error catalogue', () => {
    expect((resources.vi.errors as Tree).network_error).toBe('Lỗi kết nối mạng');
    expect((resources.en.errors as Tree).server_error).toBe('Server error, please try again later');
  });
});

describe('text chunks', () => {
  const every = import.meta.glob(['./locales/*/*.json', './locales/*/frame/*.json']);
  const tail = (file: string) => file.replace(/^.*\/locales\/\w+\//, '');

  it('start, screen and later texts of a language together hold each of its files once', async () => {
    for (const lang of ['en', 'ja'] as const) {
      const start = Object.keys((await import(`./bundles/${lang}.ts`)).texts).map(tail);
      const screens = Object.keys((await import(`./bundles/screens-${lang}.ts`)).texts).map(tail);
      const later = Object.keys((await import(`./bundles/later-${lang}.ts`)).texts).map(tail);
      const all = Object.keys(every)
        .filter((f) => f.startsWith(`./locales/${lang}/`))
        .map(tail);
      expect([...start, ...screens, ...later].sort(), lang).toEqual(all.sort());
    }
  });

  it('the later texts are the LATER_FEATURES, the same files in every language', async () => {
    const { LATER_FEATURES } = await import('./index.ts');
    const [vi, en, ja] = await Promise.all([
      import('./bundles/later-vi.ts'),
      import('./bundles/later-en.ts'),
      import('./bundles/later-ja.ts'),
    ]);
    const features = (texts: Record<string, unknown>) =>
      Object.keys(texts)
        .map((f) => f.replace(/^.*\/([\w-]+)\.json$/, '$1'))
        .sort();
    expect(features(vi.texts)).toEqual([...LATER_FEATURES].sort());
    expect(features(en.texts)).toEqual(features(vi.texts));
    expect(features(ja.texts)).toEqual(features(vi.texts));
  });

  it('the screen texts leave out the same start files in every language', async () => {
    const [vi, en, ja] = await Promise.all([
      import('./bundles/screens-vi.ts'),
      import('./bundles/screens-en.ts'),
      import('./bundles/screens-ja.ts'),
    ]);
    const names = (texts: Record<string, unknown>) => Object.keys(texts).map(tail).sort();
    expect(names(vi.texts)).toEqual(names(en.texts));
    expect(names(ja.texts)).toEqual(names(en.texts));
  });
});
