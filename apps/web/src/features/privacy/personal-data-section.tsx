/**
 * The traveller's personal data, on the traveller's page (issue 33 points 6 and 7): when the
 * retention job would anonymise it, its legal hold, and for admins the export of everything held
 * (JSON or a readable page) and the erasure. Admins and the post's supervisor set or release a
 * hold, with a reason. Needs the server (online, traveller synced); every action is audited
 * there (docs/decisions/017-retention-and-rights.md).
 */
import { DEFAULT_LOCALE, isLocale, type LocalTraveler, type TravelerPrivacy } from '@bh/shared';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { formatDate, formatDateTime } from '../../i18n/format.ts';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { useWorkPlace } from '../../lib/work-scope.ts';
import { requestSync } from '../../sync/triggers.ts';
import { downloadPersonalData, eraseTraveler, fetchTravelerPrivacy, setLegalHold } from './privacy-api.ts';

type Asking = 'erase' | 'hold' | 'release' | null;

/** A failure as the user reads it: the first detail's translated code, else the error code's. */
function failureText(t: (key: string, opts?: Record<string, unknown>) => string, err: unknown): string {
  if (!(err instanceof ApiError)) return t('errors.unknown_error');
  const detail = Array.isArray(err.details) ? err.details[0] : undefined;
  const code = typeof detail === 'object' && detail && 'code' in detail ? String(detail.code) : null;
  if (code) return t(code, { defaultValue: t(`errors.${err.code}`) });
  return t(`errors.${err.isNetwork ? 'network_error' : err.code}`, {
    defaultValue: t('errors.unknown_error'),
  });
}

export function PersonalDataSection({ traveler }: { traveler: LocalTraveler }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const { scope } = useWorkPlace();
  const isAdmin = session?.user.role === 'admin';
  const mayHold = isAdmin || scope?.role === 'supervisor';
  const [privacy, setPrivacy] = useState<TravelerPrivacy | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  // The server knows the traveller once it has a version there.
  const known = traveler.version > 0;

  const load = useCallback(() => {
    fetchTravelerPrivacy(traveler.id)
      .then(setPrivacy)
      .catch(() => setPrivacy(null));
  }, [traveler.id]);
  useEffect(() => {
    if (mayHold && known) load();
  }, [mayHold, known, load]);

  if (!mayHold || !known) return null;
  const lang = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const held = privacy?.legalHold ?? null;
  const erased = privacy?.anonymisedAt ?? null;

  const run = async (action: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    setMessage(null);
    try {
      await action();
      if (done) setMessage({ tone: 'success', text: done });
    } catch (err) {
      setMessage({ tone: 'error', text: t('dataPrivacy.traveler.failed', { message: failureText(t, err) }) });
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    const why = reason.trim();
    const kind = asking;
    setAsking(null);
    setReason('');
    if (kind === 'erase') {
      await run(async () => {
        await eraseTraveler(traveler.id, why);
        // The anonymised copies reach this device with the next pull.
        requestSync('traveler-erased');
        load();
      }, t('dataPrivacy.traveler.erased'));
    } else if (kind) {
      await run(async () =>
        setPrivacy(await setLegalHold(traveler.id, { hold: kind === 'hold', reason: why })),
      );
    }
  };

  return (
    <section
      className="rounded-box border border-base-300 p-3 mt-3"
      aria-labelledby="personal-data-title"
      data-testid="personal-data-section"
    >
      <h3 id="personal-data-title" className="font-semibold mb-1">
        {t('dataPrivacy.traveler.title')}
      </h3>
      {erased && (
        <p className="text-sm" data-testid="personal-data-erased">
          {t('dataPrivacy.traveler.anonymised', { date: formatDateTime(erased, lang) })}
        </p>
      )}
      {held && (
        <p
          className="text-sm text-warning-content bg-warning/20 rounded px-2 py-1"
          data-testid="personal-data-held"
        >
          {held.by
            ? t('dataPrivacy.traveler.held', {
                date: formatDate(held.at, lang),
                by: held.by,
                reason: held.reason,
              })
            : t('dataPrivacy.traveler.heldNoBy', { date: formatDate(held.at, lang), reason: held.reason })}
        </p>
      )}
      {privacy?.retainedUntil && (
        <p className="text-sm opacity-80" data-testid="personal-data-retained">
          {t('dataPrivacy.traveler.retainedUntil', { date: formatDate(privacy.retainedUntil, lang) })}
        </p>
      )}
      <div className="flex flex-wrap gap-2 mt-2">
        {isAdmin && (
          <>
            <button
              type="button"
              className="btn btn-sm min-h-11 md:min-h-8"
              disabled={busy}
              onClick={() => void run(() => downloadPersonalData(traveler.id, 'json', lang))}
              data-testid="personal-data-export-json"
            >
              {t('dataPrivacy.traveler.exportJson')}
            </button>
            <button
              type="button"
              className="btn btn-sm min-h-11 md:min-h-8"
              disabled={busy}
              onClick={() => void run(() => downloadPersonalData(traveler.id, 'html', lang))}
              data-testid="personal-data-export-html"
            >
              {t('dataPrivacy.traveler.exportHtml')}
            </button>
          </>
        )}
        {!erased && (
          <button
            type="button"
            className="btn btn-sm btn-outline min-h-11 md:min-h-8"
            disabled={busy || privacy === null}
            onClick={() => setAsking(held ? 'release' : 'hold')}
            data-testid="personal-data-hold"
          >
            {held ? t('dataPrivacy.traveler.release') : t('dataPrivacy.traveler.hold')}
          </button>
        )}
        {isAdmin && !erased && (
          <button
            type="button"
            className="btn btn-sm btn-outline btn-error min-h-11 md:min-h-8"
            disabled={busy || privacy === null || held !== null}
            title={held ? t('dataPrivacy.traveler.heldNoErase') : undefined}
            onClick={() => setAsking('erase')}
            data-testid="personal-data-erase"
          >
            {t('dataPrivacy.traveler.erase')}
          </button>
        )}
      </div>
      {isAdmin && held && !erased && (
        <p className="text-xs opacity-70 mt-1">{t('dataPrivacy.traveler.heldNoErase')}</p>
      )}
      {message && (
        <Alert tone={message.tone} className="mt-2" data-testid="personal-data-message">
          {message.text}
        </Alert>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={
          asking === 'erase'
            ? t('dataPrivacy.traveler.eraseTitle')
            : asking === 'release'
              ? t('dataPrivacy.traveler.release')
              : t('dataPrivacy.traveler.hold')
        }
        confirmLabel={
          asking === 'erase'
            ? t('dataPrivacy.traveler.eraseConfirm')
            : asking === 'release'
              ? t('dataPrivacy.traveler.releaseConfirm')
              : t('dataPrivacy.traveler.holdConfirm')
        }
        cancelLabel={t('dataPrivacy.traveler.cancel')}
        destructive={asking === 'erase'}
        onCancel={() => {
          setAsking(null);
          setReason('');
        }}
        onConfirm={() => void confirm()}
        confirmDisabled={reason.trim() === ''}
        confirmTestId="personal-data-confirm"
        cancelTestId="personal-data-cancel"
      >
        {asking === 'erase' && <p className="mb-2">{t('dataPrivacy.traveler.eraseBody')}</p>}
        <label className="fieldset-legend" htmlFor="personal-data-reason">
          {asking === 'erase'
            ? t('dataPrivacy.traveler.eraseReason')
            : asking === 'release'
              ? t('dataPrivacy.traveler.releaseReason')
              : t('dataPrivacy.traveler.holdReason')}
        </label>
        <input
          id="personal-data-reason"
          className="input w-full"
          value={reason}
          maxLength={500}
          required
          onChange={(e) => setReason(e.target.value)}
          data-testid="personal-data-reason"
        />
      </ConfirmDialog>
    </section>
  );
}
