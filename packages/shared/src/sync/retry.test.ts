import { describe, expect, it } from 'vitest';
import { classifySyncFailure, hasExhaustedRetries, retryDelayMs } from './retry.ts';

describe('retryDelayMs', () => {
  it('doubles from 5 s without jitter', () => {
    const noJitter = () => 0;
    expect(retryDelayMs(0, noJitter)).toBe(5_000);
    expect(retryDelayMs(1, noJitter)).toBe(10_000);
    expect(retryDelayMs(2, noJitter)).toBe(20_000);
    expect(retryDelayMs(3, noJitter)).toBe(40_000);
  });

  it('adds at most 20 % jitter', () => {
    expect(retryDelayMs(0, () => 0.5)).toBe(5_500);
    expect(retryDelayMs(1, () => 0.999_999)).toBeLessThanOrEqual(12_000);
    expect(retryDelayMs(1, () => 1)).toBe(12_000);
    for (let i = 0; i < 50; i++) {
      const delay = retryDelayMs(2);
      expect(delay).toBeGreaterThanOrEqual(20_000);
      expect(delay).toBeLessThanOrEqual(24_000);
    }
  });

  it('is capped at 5 minutes', () => {
    expect(retryDelayMs(6, () => 0)).toBe(300_000); // 320 s before the cap
    expect(retryDelayMs(5, () => 1)).toBe(192_000);
    expect(retryDelayMs(1000, () => 1)).toBe(300_000);
  });

  it('treats a negative or fractional count as its floor, at least 0', () => {
    expect(retryDelayMs(-3, () => 0)).toBe(5_000);
    expect(retryDelayMs(1.7, () => 0)).toBe(10_000);
  });
});

describe('failure handling', () => {
  it('stops after 3 tries', () => {
    expect(hasExhaustedRetries(2)).toBe(false);
    expect(hasExhaustedRetries(3)).toBe(true);
  });

  it.each([
    [null, 'retry', 'errors.network_error'],
    [400, 'reject', 'errors.validation_error'],
    [401, 'pause', 'errors.unauthorized'],
    [403, 'reject', 'errors.forbidden'],
    [409, 'conflict', 'errors.conflict'],
    [422, 'reject', 'errors.validation_error'],
    [429, 'retry', 'errors.rate_limited'],
    [500, 'retry', 'errors.server_error'],
    [502, 'retry', 'errors.server_error'],
    [503, 'retry', 'errors.server_error'],
    [418, 'retry', 'errors.unknown_error'],
  ] as const)('status %s -> %s', (status, action, messageKey) => {
    expect(classifySyncFailure(status)).toMatchObject({ action, messageKey });
  });

  it('reports a time-out as a retryable network failure', () => {
    expect(classifySyncFailure(null, true)).toEqual({
      action: 'retry',
      messageKey: 'errors.timeout_error',
      failedType: 'network',
    });
  });
});
