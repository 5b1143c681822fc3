/**
 * Toasts for the sync engine's notices (translated keys with params). Rendered once by the
 * layout; errors stay until dismissed, other notices fade after a few seconds.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { dismissNotice, type ShownNotice, useNotices } from '../../sync/notices.ts';

const AUTO_DISMISS_MS = 8000;

function Notice({ notice }: { notice: ShownNotice }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (notice.level === 'error') return;
    const timer = setTimeout(() => dismissNotice(notice.id), AUTO_DISMISS_MS);
    return () => clearTimeout(timer);
  }, [notice.id, notice.level]);
  return (
    <Alert
      tone={notice.level}
      soft={false}
      className="shadow-md max-w-sm whitespace-normal"
      data-testid="sync-notice"
    >
      <span className="text-sm">{t(notice.key, { defaultValue: notice.key, ...(notice.params ?? {}) })}</span>
      <button
        type="button"
        className="btn btn-ghost btn-xs btn-circle"
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
  if (notices.length === 0) return null;
  return (
    <div className="toast toast-end toast-bottom z-50" aria-live="polite">
      {notices.map((n) => (
        <Notice key={n.id} notice={n} />
      ))}
    </div>
  );
}
