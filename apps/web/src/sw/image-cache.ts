/**
 * The runtime image cache and its size limit (the maxCacheSize setting, in MB). Workbox's own
 * expiration counts entries and age, not bytes, so the budget is enforced here: after each new
 * entry the oldest entries go until the cache fits.
 */
export const IMAGE_CACHE = 'bh-images';

type CacheLike = Pick<Cache, 'keys' | 'match' | 'delete'>;

async function sizeOf(response: Response | undefined): Promise<number> {
  if (!response) return 0;
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > 0) return declared;
  return (await response.clone().blob()).size;
}

/** Deletes the oldest entries (cache order = insertion order) until at most `maxBytes` remain. */
export async function enforceCacheBudget(cache: CacheLike, maxBytes: number): Promise<number> {
  const keys = await cache.keys();
  const sizes = await Promise.all(keys.map(async (k) => sizeOf(await cache.match(k))));
  let total = sizes.reduce((a, b) => a + b, 0);
  let removed = 0;
  for (let i = 0; i < keys.length && total > maxBytes; i++) {
    const key = keys[i];
    if (!key) continue;
    await cache.delete(key);
    total -= sizes[i] ?? 0;
    removed++;
  }
  return removed;
}

/** Same-origin images outside the API (icons, pictures of the app); API files stay uncached. */
export function isCacheableImage(request: Request, origin: string): boolean {
  if (request.destination !== 'image') return false;
  const url = new URL(request.url);
  return url.origin === origin && !url.pathname.startsWith('/api/');
}
