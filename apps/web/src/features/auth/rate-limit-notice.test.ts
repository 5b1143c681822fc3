import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { rateLimitNotice } from './rate-limit-notice.ts';

const limited = (details?: unknown) => new ApiError(429, 'rate_limited', 'Too many requests', details);

describe('rateLimitNotice', () => {
  it('turns a 429 into its key with the wait in whole minutes, at least one', () => {
    expect(rateLimitNotice(limited({ retryAfter: 3600 }), 'k')).toEqual({
      key: 'k',
      params: { minutes: 60 },
    });
    expect(rateLimitNotice(limited({ retryAfter: 61 }), 'k')).toEqual({ key: 'k', params: { minutes: 2 } });
    expect(rateLimitNotice(limited({ retryAfter: 5 }), 'k')).toEqual({ key: 'k', params: { minutes: 1 } });
  });

  it('assumes the 15-minute login window when the answer names no wait', () => {
    expect(rateLimitNotice(limited(), 'k')?.params).toEqual({ minutes: 15 });
    expect(rateLimitNotice(limited({ retryAfter: 'soon' }), 'k')?.params).toEqual({ minutes: 15 });
  });

  it('leaves every other error alone', () => {
    expect(rateLimitNotice(new ApiError(401, 'unauthorized', 'no'), 'k')).toBeNull();
    expect(rateLimitNotice(new Error('x'), 'k')).toBeNull();
  });
});
