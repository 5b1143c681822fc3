/**
 * Field issues of a 400/422 answer (`details: [{field, code}]`) shown on the form's own fields,
 * e.g. a password the server refuses as common (the list is too large for the app).
 */
import { fieldIssueSchema } from '@bh/shared';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../lib/api.ts';

const issuesSchema = z.array(fieldIssueSchema);

/** Sets the server's issues on the named fields; true when at least one was set. */
export function setServerFieldErrors<V extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<V>,
  fields: readonly Path<V>[],
): boolean {
  if (!(err instanceof ApiError)) return false;
  const issues = issuesSchema.safeParse(err.details);
  if (!issues.success) return false;
  let set = false;
  for (const issue of issues.data) {
    const field = fields.find((f) => f === issue.field);
    if (!field) continue;
    setError(field, { type: 'server', message: issue.code }, { shouldFocus: !set });
    set = true;
  }
  return set;
}
