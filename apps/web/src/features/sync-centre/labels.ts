/** Translation helpers shared by the sync centre's lists. */
import type { FailedSyncItem } from '@bh/shared';
import type { TFunction } from 'i18next';

/** Turns an error thrown by a sync action into a translated message (never swallowed). */
export function actionErrorText(t: TFunction, err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const known: Record<string, string> = {
    'Merged data required for manual merge resolution': 'sync.errors.mergedDataRequired',
    'Item cannot be retried': 'sync.errors.itemNotRetryable',
    'Cannot sync while offline': 'sync.errors.offline',
  };
  const key = known[message];
  if (key) return t(key);
  if (err instanceof Error && err.name === 'QuotaExceededError') return t('sync.errors.quotaExceeded');
  if (message.startsWith('errors.') || message.startsWith('sync.')) return t(message);
  return t('errors.unknown_error');
}

/**
 * A field name as the officer reads it: the sync centre's own label, else the traveller or
 * declaration form's label of that field; only a field no screen knows shows its raw name.
 */
export function fieldLabel(t: TFunction, field: string): string {
  return t([`sync.fields.${field}`, `travelers.field.${field}`, `declaration.fields.${field}`], {
    defaultValue: field,
  });
}

/** A short human name for a record: the traveller's name and passport, else its id's start. */
export function recordLabel(data: Record<string, unknown> | null | undefined, recordId: string): string {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
  const name = text(data?.fullName);
  const passport = text(data?.passportNo) ?? text(data?.passportNumber);
  if (name && passport) return `${name} (${passport})`;
  return name ?? passport ?? `#${recordId.slice(0, 8)}`;
}

/** An error code ('network_error') or key ('validation.required') as translated text. */
export function codeText(t: TFunction, code: string): string {
  const http = /^http_(\d{3})$/.exec(code);
  if (http) return t('values.httpError', { status: http[1] });
  return code.includes('.') ? t(code, { defaultValue: code }) : t(`errors.${code}`, { defaultValue: code });
}

/** errorDetails is JSON [{field, code}] for validation failures, else a plain message. */
export function detailLines(t: TFunction, item: FailedSyncItem): string[] {
  try {
    const parsed: unknown = JSON.parse(item.errorDetails);
    if (Array.isArray(parsed)) {
      return parsed.map((issue: { field?: unknown; code?: unknown }) => {
        const code = typeof issue.code === 'string' ? codeText(t, issue.code) : '';
        return typeof issue.field === 'string' && issue.field
          ? `${fieldLabel(t, issue.field)}: ${code}`
          : code;
      });
    }
  } catch {
    // not JSON: a transport message
  }
  return item.errorDetails ? [codeText(t, item.errorDetails)] : [];
}
