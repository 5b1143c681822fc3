import { describe, expect, it } from 'vitest';
import { periodBounds } from './period-bounds.ts';

describe('periodBounds', () => {
  it('gives local midnights of the post: Ho Chi Minh City is UTC+7', () => {
    const b = periodBounds({ from: '2026-11-24', to: '2026-11-24' }, 'Asia/Ho_Chi_Minh');
    expect(b.start.toISOString()).toBe('2026-11-23T17:00:00.000Z');
    expect(b.end.toISOString()).toBe('2026-11-24T17:00:00.000Z');
  });

  it('follows a daylight-saving change inside the period', () => {
    const b = periodBounds({ from: '2026-03-08', to: '2026-03-08' }, 'America/New_York');
    expect(b.start.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(b.end.toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });
});
