import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, setDeviceRevokedHandler } from './api.ts';

const answer = (status: number, body: string) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(body, { status, statusText: 'Status text' }));

afterEach(() => vi.restoreAllMocks());

describe('API errors', () => {
  it("carries the server's code, message and details", async () => {
    answer(409, JSON.stringify({ error: { code: 'duplicate', message: 'Dup', details: { id: 'x' } } }));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({
      status: 409,
      code: 'duplicate',
      message: 'Dup',
      details: { id: 'x' },
    });
  });

  it('reads a partial or foreign error body leniently', async () => {
    answer(400, JSON.stringify({ error: { code: 7, message: 'Half' } }));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ code: 'unknown_error', message: 'Half' });
    answer(502, '<html>bad gateway</html>');
    const err = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 502,
      code: 'server_error',
      message: 'Status text',
      details: undefined,
    });
  });

  it('tells the injected handler when the server says this device was revoked', async () => {
    const revoked = vi.fn();
    setDeviceRevokedHandler(revoked);
    answer(401, JSON.stringify({ error: { code: 'unauthorized', message: 'No' } }));
    await apiRequest('/api/x', { noRefresh: true }).catch(() => {});
    expect(revoked).not.toHaveBeenCalled();
    answer(401, JSON.stringify({ error: { code: 'device_revoked', message: 'Revoked' } }));
    await expect(apiRequest('/api/x', { noRefresh: true })).rejects.toMatchObject({ code: 'device_revoked' });
    expect(revoked).toHaveBeenCalledTimes(1);
  });
});
