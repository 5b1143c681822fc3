/**
 * The post a new traveller is registered at (docs/decisions/014-points-of-entry.md). An officer or
 * supervisor registers at the post the session works at, unasked. An admin reads every post, and
 * the session's post is only the first open one until they switch: the add form and the scan
 * review ask an admin for the post, filled in only with a post they switched to themself.
 */
import type { Post, TravelerInput, ValidationResult } from '@bh/shared';
import { useChosenPost, useWorkPlace } from '../../lib/work-scope.ts';

export interface RegistrationPost {
  /** The posts to choose from; empty when the form does not ask (not an admin). */
  choices: Post[];
  /** The post filled in ('' for none). */
  preset: string;
}

export function useRegistrationPost(): RegistrationPost {
  const { scope, posts } = useWorkPlace();
  const chosen = useChosenPost();
  if (scope?.role !== 'admin') return { choices: [], preset: '' };
  const choices = scope.posts.flatMap((id) => posts.filter((p) => p.id === id));
  const [only] = choices;
  const picked = choices.find((p) => p.id === chosen && p.id === scope.postId);
  return { choices, preset: picked?.id ?? (only && choices.length === 1 ? only.id : '') };
}

/** The form's checks, and the post required when the form asks for it. */
export function withPostRequired(
  result: ValidationResult<TravelerInput>,
  values: Record<string, string | undefined>,
  asked: boolean,
): ValidationResult<TravelerInput> {
  if (!asked || values.entryPostId) return result;
  const { errors, params } = result.ok ? { errors: {}, params: {} } : result;
  return { ok: false, errors: { ...errors, entryPostId: 'validation.required' }, params };
}
