/**
 * Toasts for the sync engine's notices (translated keys with params). Rendered once by the
 * layout; errors stay until dismissed, other notices fade after a few seconds. A change the
 * server refused names the record and the reason and links to the sync centre, where the
 * buttons that resolve it are; on that screen the toasts give way (they would cover them).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { listFailedItems } from '../../db/sync-centre-repo.ts';
import { dismissNotice, type ShownNotice, useNotices } from '../../sync/notices.ts';
import { detailLines, recordLabel } from './labels.ts';

const AUTO_DISMISS_MS = 8000;
/** The screen that holds the sync centre (pwa-settings-page.tsx). */
const CENTRE_PATH = '/pwa-settings';
/** The engine's notice of changes the server refused (push-phase.ts). */
const REFUSED_KEY = 'errors.validation_error';

/** "Not accepted: Trần Thị Hoa (B1234567): Passport number: …" from the newest failed item. */
function RefusedText() {
  const { t } = useTranslation();
  const newest = useLiveQuery(async () => (await listFailedItems()).at(-1) ?? null, []);
  if (!newest) return <>{t('sync.notices.refused', { record: '', reason: '' })}</>;
  const original = newest.originalSyncItem;
  const record = recordLabel(original.data, original.recordId);
  const reason = detailLines(t, newest).join('; ') || t('errors.validation_error');
  return <>{t('sync.notices.refused', { record, reason })}</>;
}

function Notice({ notice }: { notice: ShownNotice }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (notice.level === 'error') return;
    const timer = setTimeout(() => dismissNotice(notice.id), AUTO_DISMISS_MS);
    return () => clearTimeout(timer);
  }, [notice.id, notice.level]);
  const refused = notice.key === REFUSED_KEY;
  return (
    <Alert
      tone={notice.level}
      soft={false}
      className="shadow-md max-w-sm whitespace-normal"
      data-testid="sync-notice"
    >
      <span className="text-sm flex flex-col gap-1">
        <span data-testid="sync-notice-text">
          {refused ? <RefusedText /> : t(notice.key, { defaultValue: notice.key, ...(notice.params ?? {}) })}
        </span>
        {refused && (
          <Link
            to={`${CENTRE_PATH}#sync-failed`}
            className="link font-semibold min-h-11 inline-flex items-center"
            onClick={() => dismissNotice(notice.id)}
            data-testid="sync-notice-resolve"
          >
            {t('sync.notices.resolve')}
          </Link>
        )}
      </span>
      <button
        type="button"
        className="btn btn-ghost btn-circle"
        onClick={() => dismissNotice(notice.id)}
        aria-label={t('sync.notices.dismiss')}
      >
        ✕
      </button>
    </Alert>
  );
}

export function SyncNotices() {
  const notices = useNotices();
  const { pathname } = useLocation();
  // The sync centre lists every problem with its buttons: a toast there would only cover them.
  const shown = pathname === CENTRE_PATH ? notices.filter((n) => n.level !== 'error') : notices;
  if (shown.length === 0) return null;
  return (
    <div className="toast toast-end toast-bottom z-50" aria-live="polite">
      {shown.map((n) => (
        <Notice key={n.id} notice={n} />
      ))}
    </div>
  );
}
