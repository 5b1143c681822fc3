/**
 * Offline-app settings (docs/spec.md §3), kept in local storage under 'pwa-settings' and merged
 * over the defaults on load. The input ranges (retention 1-365 days, cache 10-1000 MB) are
 * applied when merging stored values: an out-of-range or junk value falls back to the default.
 */
import type { z } from 'zod';
import { CACHE_CLEANUP_FREQUENCIES } from '../domain/reference.ts';
import { flag, intBetween, isRecord, oneOf, plainShape } from './common.ts';

export const DATA_RETENTION_DAYS_RANGE = { min: 1, max: 365 } as const;
export const MAX_CACHE_SIZE_RANGE = { min: 10, max: 1000 } as const;

export const pwaSettingsSchema = plainShape({
  autoSync: flag(),
  cacheImages: flag(),
  backgroundSync: flag(),
  dataRetentionDays: intBetween(DATA_RETENTION_DAYS_RANGE.min, DATA_RETENTION_DAYS_RANGE.max),
  /** Megabytes. */
  maxCacheSize: intBetween(MAX_CACHE_SIZE_RANGE.min, MAX_CACHE_SIZE_RANGE.max),
  cacheCleanupFrequency: oneOf(CACHE_CLEANUP_FREQUENCIES),
  autoCleanup: flag(),
});
export type PwaSettings = z.infer<typeof pwaSettingsSchema>;

export const DEFAULT_PWA_SETTINGS: Readonly<PwaSettings> = Object.freeze({
  autoSync: true,
  cacheImages: true,
  backgroundSync: true,
  dataRetentionDays: 30,
  maxCacheSize: 100,
  cacheCleanupFrequency: 'weekly',
  autoCleanup: true,
});

/**
 * Defaults with every valid stored field on top. `stored` may be the parsed object or the raw
 * JSON text from local storage; unparseable text, non-objects, unknown keys and invalid values
 * are ignored.
 */
export function mergePwaSettings(stored: unknown): PwaSettings {
  const merged: Record<string, unknown> = { ...DEFAULT_PWA_SETTINGS };
  const source = typeof stored === 'string' ? parseJson(stored) : stored;
  if (!isRecord(source)) return { ...DEFAULT_PWA_SETTINGS };
  for (const [key, schema] of Object.entries(pwaSettingsSchema.shape)) {
    if (!Object.hasOwn(source, key)) continue;
    const result = schema.safeParse(source[key]);
    if (result.success) merged[key] = result.data;
  }
  return pwaSettingsSchema.parse(merged);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
