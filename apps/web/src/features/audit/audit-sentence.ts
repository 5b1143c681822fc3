/**
 * An audit entry as a sentence a person reads: who (their name), did what, to which traveller
 * ("Nguyễn Văn Kiểm moved Trần Thị Hoa to quarantine"); a mode change names the modes.
 */
import { type AuditEntry, READ_ACTION_PREFIX, travelerStatusLabelKey } from '@bh/shared';
import type { TFunction } from 'i18next';

const text = (v: unknown) => (typeof v === 'string' ? v : null);

/** A system mode's name in the language (the value itself when it is not a mode). */
export function modeName(t: TFunction, mode: string): string {
  const key = `status.modes.${mode}`;
  const name = t(key);
  return name === key ? mode : name;
}

function travelerVerb(entry: AuditEntry): string | null {
  const op = entry.action.split('.').at(-1) ?? '';
  switch (entry.entity) {
    case 'traveler':
      // Reads audited (read.declaration, read.file): what was opened of the traveller.
      if (entry.action.startsWith(`${READ_ACTION_PREFIX}.`))
        return op === 'declaration' ? 'readDeclaration' : 'readFile';
      return { create: 'registered', update: 'edited', delete: 'deleted' }[op] ?? null;
    case 'health_declaration':
      return op === 'create' ? 'declared' : op === 'update' ? 'redeclared' : null;
    case 'check_in':
      return 'checkIn';
    case 'traveler_event':
      if (entry.event?.kind === 'status_changed') return entry.event.toStatus ? 'moved' : null;
      return entry.event?.kind === 'test_result'
        ? 'testResult'
        : entry.event?.kind === 'note'
          ? 'note'
          : entry.event?.kind === 'consent'
            ? 'consent'
            : null;
    default:
      return null;
  }
}

/**
 * The status the server wrote on the traveller for a move (traveler.status, or an admin's
 * traveler.status_correction): from which status to which, as the entry's details keep them.
 */
function statusChange(entry: AuditEntry, t: TFunction, who: string): string | null {
  const correction = entry.action === 'traveler.status_correction';
  if (entry.entity !== 'traveler' || !entry.traveler) return null;
  if (!correction && entry.action !== 'traveler.status') return null;
  const from = text(entry.details?.from);
  const to = text(entry.details?.to);
  if (!to) return null;
  return t(`audit.sentence.${correction ? 'statusCorrected' : 'statusChanged'}`, {
    who,
    traveler: entry.traveler.fullName,
    from: from ? t(travelerStatusLabelKey(from)) : t('audit.unknownStatus'),
    to: t(travelerStatusLabelKey(to)),
  });
}

export function auditSentence(entry: AuditEntry, t: TFunction): string {
  const who = entry.userName ?? t('audit.system');
  const status = statusChange(entry, t, who);
  if (status) return status;
  const verb = travelerVerb(entry);
  if (verb && entry.traveler) {
    return t(`audit.sentence.${verb}`, {
      who,
      traveler: entry.traveler.fullName,
      status: entry.event?.toStatus ? t(travelerStatusLabelKey(entry.event.toStatus)) : '',
    });
  }
  if (entry.entity === 'system_status') {
    const from = text(entry.oldValues?.mode);
    const to = text(entry.newValues?.mode);
    if (from && to && from !== to)
      return t('audit.sentence.mode', { who, from: modeName(t, from), to: modeName(t, to) });
    return t('audit.sentence.settings', { who });
  }
  const key = `audit.actions.${entry.action.replaceAll('.', '_')}`;
  const what = t(key);
  return t('audit.sentence.other', { who, what: what === key ? entry.action : what });
}
