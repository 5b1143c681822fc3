import { describe, expect, it } from 'vitest';
import { enforceCacheBudget, isCacheableImage } from './image-cache.ts';

/** A Cache Storage cache in memory: insertion order kept, as the browser's is. */
function memoryCache(entries: [string, number][]) {
  const map = new Map(entries.map(([url, size]) => [url, new Response(new Uint8Array(size))]));
  return {
    keys: async () => [...map.keys()].map((url) => new Request(url)),
    match: async (req: RequestInfo | URL) => map.get(req instanceof Request ? req.url : String(req)),
    delete: async (req: RequestInfo | URL) => map.delete(req instanceof Request ? req.url : String(req)),
    urls: () => [...map.keys()],
  };
}

describe('image cache budget (maxCacheSize)', () => {
  it('drops the oldest entries until the cache fits', async () => {
    const cache = memoryCache([
      ['https://app.test/a.png', 400],
      ['https://app.test/b.png', 400],
      ['https://app.test/c.png', 400],
    ]);
    expect(await enforceCacheBudget(cache, 900)).toBe(1);
    expect(cache.urls()).toEqual(['https://app.test/b.png', 'https://app.test/c.png']);
    expect(await enforceCacheBudget(cache, 900)).toBe(0);
    expect(await enforceCacheBudget(cache, 100)).toBe(2);
    expect(cache.urls()).toEqual([]);
  });

  it('caches only same-origin images outside the API', () => {
    const image = (url: string) => {
      const req = new Request(url);
      Object.defineProperty(req, 'destination', { value: 'image' });
      return req;
    };
    expect(isCacheableImage(image('https://app.test/pwa-192x192.png'), 'https://app.test')).toBe(true);
    expect(isCacheableImage(image('https://app.test/api/files/1'), 'https://app.test')).toBe(false);
    expect(isCacheableImage(image('https://cdn.test/x.png'), 'https://app.test')).toBe(false);
    expect(isCacheableImage(new Request('https://app.test/x.png'), 'https://app.test')).toBe(false);
  });
});
