/**
 * The one HTTP client: JSON, bearer token, 30 s time-out, errors as ApiError with the server's
 * `{error:{code,message,details}}`. A 401 triggers one silent refresh, then the call is retried.
 */
import { API_TIMEOUT_MS } from '@bh/shared';
import { noteServerReached } from './server-reached.ts';
import { getSession } from './session.ts';

/**
 * The server's error envelope, read leniently: any part may be missing from a proxy's answer.
 * Checked by hand, not with zod: the client is part of the login screen's JavaScript, which
 * zod is kept out of (scripts/bundle-size.mjs).
 */
function errorOf(body: unknown): { code?: string; message?: string; details?: unknown } | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const error: unknown = body.error;
  if (typeof error !== 'object' || error === null || Array.isArray(error)) return undefined;
  const text = (key: string) => {
    const value: unknown = Reflect.get(error, key);
    return typeof value === 'string' ? value : undefined;
  };
  return { code: text('code'), message: text('message'), details: Reflect.get(error, 'details') };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly body?: unknown,
  ) {
    super(message);
  }
  /** True when the request never got an HTTP answer (offline, DNS, reset, time-out). */
  get isNetwork() {
    return this.status === 0;
  }
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Skip the automatic refresh-and-retry on 401 (used by the auth calls themselves). */
  noRefresh?: boolean;
  raw?: boolean;
}

/** Options asking for the Response itself (downloads): the body is not read. */
export interface RawRequestOptions extends RequestOptions {
  raw: true;
}

let refreshing: Promise<boolean> | null = null;
/** Injected at start-up by the auth feature: called once on 401 (refresh the session). */
let onUnauthorized: (() => Promise<boolean>) | null = null;
export function setRefreshHandler(handler: () => Promise<boolean>) {
  onUnauthorized = handler;
}
/**
 * Injected at start-up by the auth feature: called when the server answers 401 device_revoked
 * (this device was revoked: it wipes itself, docs/decisions/015-revoked-devices.md).
 */
let onDeviceRevoked: (() => void) | null = null;
export function setDeviceRevokedHandler(handler: () => void) {
  onDeviceRevoked = handler;
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('timeout', 'TimeoutError')),
    opts.timeoutMs ?? API_TIMEOUT_MS,
  );
  opts.signal?.addEventListener('abort', () => controller.abort(opts.signal?.reason));
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  const token = getSession()?.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  // The server answers messages and exports in the app's language (i18n sets <html lang>).
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (lang && !headers['Accept-Language']) headers['Accept-Language'] = lang;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData || typeof opts.body === 'string' || opts.body instanceof Blob) {
    body = opts.body;
  } else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  try {
    return await fetch(path, {
      method: opts.method ?? 'GET',
      headers,
      body,
      signal: controller.signal,
      credentials: 'same-origin',
    });
  } catch (_err) {
    const reason: unknown = controller.signal.reason;
    const timedOut =
      controller.signal.aborted && reason instanceof DOMException && reason.name === 'TimeoutError';
    throw new ApiError(
      0,
      timedOut ? 'timeout_error' : 'network_error',
      timedOut ? 'API call timeout' : 'Network connection error',
    );
  } finally {
    clearTimeout(timer);
  }
}

/**
 * After a 401: one silent refresh of the session, shared by every call that hit it at the same
 * time. True when a new access token was obtained (the call may be sent again).
 */
export async function refreshAfterUnauthorized(): Promise<boolean> {
  if (!onUnauthorized || !getSession()) return false;
  refreshing ??= onUnauthorized().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function request(path: string, opts: RequestOptions): Promise<unknown> {
  let res = await send(path, opts);
  if (res.status === 401 && !opts.noRefresh && (await refreshAfterUnauthorized())) {
    res = await send(path, opts);
  }
  // The network works, whatever navigator.onLine says: a waiting sync may start (sync/reconnect.ts).
  if (res.ok) noteServerReached();
  if (opts.raw && res.ok) return res;
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const err = errorOf(json);
    if (res.status === 401 && err?.code === 'device_revoked') onDeviceRevoked?.();
    throw new ApiError(
      res.status,
      err?.code ?? (res.status >= 500 ? 'server_error' : 'unknown_error'),
      err?.message ?? res.statusText,
      err?.details,
      json,
    );
  }
  return json;
}

/**
 * One API call. `T` is the body the route's response schema promises (packages/shared); the
 * client does not check it again. With `raw: true` the Response itself is returned.
 */
export function apiRequest<T = Response>(path: string, opts: RawRequestOptions): Promise<Response>;
export function apiRequest<T>(path: string, opts?: RequestOptions): Promise<T>;
export function apiRequest(path: string, opts: RequestOptions = {}): Promise<unknown> {
  return request(path, opts);
}

function get<T = Response>(path: string, opts: RawRequestOptions): Promise<Response>;
function get<T>(path: string, opts?: RequestOptions): Promise<T>;
function get(path: string, opts?: RequestOptions): Promise<unknown> {
  return request(path, { ...opts, method: 'GET' });
}

export const api = {
  get,
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    apiRequest<T>(path, { ...opts, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    apiRequest<T>(path, { ...opts, method: 'PUT', body }),
  delete: <T>(path: string, opts?: RequestOptions) => apiRequest<T>(path, { ...opts, method: 'DELETE' }),
};
