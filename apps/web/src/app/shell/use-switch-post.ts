/**
 * Working at another of the officer's posts: the server switches the session's scope
 * (POST /api/auth/post), then a sync runs so the device pushes what it holds unsent and pulls the
 * new post's travellers. Needs the connection: offline it says so and changes nothing.
 */
import { useState } from 'react';
import { switchPost } from '../../features/auth/auth-client.ts';
import { ApiError } from '../../lib/api.ts';
import { requestSync } from '../../sync/triggers.ts';

/** The i18n key explaining a failed switch. */
function failureKey(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.isNetwork) return 'posts.current.offline';
    if (err.code.startsWith('post.')) return err.code;
    const detail: unknown = Array.isArray(err.details) ? err.details[0] : undefined;
    const code = typeof detail === 'object' && detail !== null ? Reflect.get(detail, 'code') : undefined;
    if (typeof code === 'string' && code.startsWith('post.')) return code;
  }
  return 'posts.current.failed';
}

export function useSwitchPost() {
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** True when the session now works at `postId`. */
  const choose = async (postId: string): Promise<boolean> => {
    setError(null);
    if (typeof navigator !== 'undefined' && !navigator.onLine) {
      setError('posts.current.offline');
      return false;
    }
    setBusyId(postId);
    try {
      await switchPost(postId);
      requestSync('post-switch');
      return true;
    } catch (err) {
      setError(failureKey(err));
      return false;
    } finally {
      setBusyId(null);
    }
  };
  return { busyId, error, choose, clearError: () => setError(null) };
}
