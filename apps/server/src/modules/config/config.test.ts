import { describe, expect, it } from 'vitest';
import { fileHarness } from '../../test/file-harness.ts';

const h = fileHarness(undefined, { reset: false });

describe('GET /api/config/*', () => {
  it('serves the reference lists to logged-in users', async () => {
    const { headers } = await h.user();
    const countries = (await h.app.inject({ url: '/api/config/countries', headers })).json();
    expect(countries.items.map((c: { code: string }) => c.code)).toContain('ES');
    const nationalities = (await h.app.inject({ url: '/api/config/nationalities', headers })).json();
    expect(nationalities.items).toHaveLength(12);
    const airports = (await h.app.inject({ url: '/api/config/airports', headers })).json();
    expect(airports.destinations.map((a: { code: string }) => a.code)).toEqual([
      'SGN',
      'HAN',
      'DAD',
      'CXR',
      'PQC',
    ]);
    expect(airports.origins.map((a: { code: string }) => a.code)).toContain('LAX');
    const flights = (await h.app.inject({ url: '/api/config/flight-suggestions', headers })).json();
    expect(flights.items).toEqual(['VN123', 'VN456', 'QR123', 'SQ456']);
    for (const name of ['languages', 'currencies']) {
      const res = await h.app.inject({ url: `/api/config/${name}`, headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().items.length).toBeGreaterThan(0);
    }
  });
  it('needs a login', async () => {
    expect((await h.app.inject({ url: '/api/config/countries' })).statusCode).toBe(401);
  });
});
