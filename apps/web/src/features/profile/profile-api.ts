/** The profile screen's calls: the shared request and answer schemas, parsed on the way in. */
import { type ChangePassword, type ProfileUpdate, profileAnswerSchema, type SessionUser } from '@bh/shared';
import { z } from 'zod';
import { ApiError, api } from '../../lib/api.ts';

export async function updateProfile(update: ProfileUpdate): Promise<SessionUser> {
  const answer = profileAnswerSchema.parse(await api.put('/api/users/profile', update));
  const { id, email, name, role, avatar } = answer.user;
  return { id, email, name, role, avatar: avatar ?? null };
}

export async function changePassword(form: ChangePassword): Promise<void> {
  await api.post('/api/users/change-password', form);
}

const fieldErrorsSchema = z.array(z.object({ field: z.string(), code: z.string() }));

/** The server's per-field refusals of a validation_error ([] for any other failure). */
export function serverFieldErrors(err: unknown): { field: string; code: string }[] {
  if (!(err instanceof ApiError) || err.code !== 'validation_error') return [];
  const parsed = fieldErrorsSchema.safeParse(err.details);
  return parsed.success ? parsed.data : [];
}
