import { expect } from 'vitest';
import type { LocalizedText } from '../domain/constants.ts';

/** Asserts that every key is in the catalogue with a non-empty text in vi, en and ja. */
export function expectCatalogued(
  keys: Iterable<string>,
  catalogue: Readonly<Record<string, LocalizedText>>,
): void {
  for (const key of keys) {
    const text = catalogue[key];
    expect(text, `missing key ${key}`).toBeDefined();
    expect(text?.vi.trim(), `${key}.vi`).not.toBe('');
    expect(text?.en.trim(), `${key}.en`).not.toBe('');
    expect(text?.ja.trim(), `${key}.ja`).not.toBe('');
  }
}
