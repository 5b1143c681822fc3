/** The escrow's sealing: a sealed key opens only for its device and with its secret. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openDeviceKey, sealDeviceKey } from './key-escrow.ts';

describe('key escrow sealing', () => {
  it('opens for the same device and secret only', () => {
    const key = randomBytes(32);
    const sealed = sealDeviceKey('secret-a', 'device-1', key);
    expect(openDeviceKey('secret-a', 'device-1', sealed)?.equals(key)).toBe(true);
    expect(openDeviceKey('secret-b', 'device-1', sealed)).toBeNull();
    expect(openDeviceKey('secret-a', 'device-2', sealed)).toBeNull();
    expect(openDeviceKey('secret-a', 'device-1', 'k1.x.y')).toBeNull();
    expect(openDeviceKey('secret-a', 'device-1', 'garbage')).toBeNull();
    expect(sealDeviceKey('secret-a', 'device-1', key)).not.toBe(sealed);
  });
});
