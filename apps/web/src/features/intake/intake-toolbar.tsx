/**
 * The list screen's intake tools, kept apart from the list layout (the Scan button is the list
 * toolbar's ScanSlot): the keyboard wedge listener (a document reader types the MRZ as a fast
 * burst of keys ending in Enter), the Undo toast of the last delete, and the admin's link to
 * deleted travellers.
 */
import { looksLikeMrz } from '@bh/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { lastDelete, undoDelete } from './undo-delete.ts';

/** Keys further apart than this end a burst: people type slower, readers much faster. */
const WEDGE_GAP_MS = 60;

function useWedgeReader(onBurst: (text: string) => void) {
  useEffect(() => {
    let buffer = '';
    let last = 0;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target;
      if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return;
      const now = performance.now();
      if (now - last > WEDGE_GAP_MS) buffer = '';
      last = now;
      if (event.key === 'Enter') {
        // Readers send each MRZ line then Enter: a zone is complete when it parses.
        if (looksLikeMrz(buffer)) {
          onBurst(buffer);
          buffer = '';
        } else buffer += '\n';
      } else if (event.key.length === 1) buffer += event.key;
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onBurst]);
}

function UndoToast() {
  const { t } = useTranslation();
  const deleted = lastDelete.use();
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!deleted) return;
    const timer = setTimeout(() => {
      if (lastDelete.get() === deleted) lastDelete.set(null);
      setTick((n) => n + 1);
    }, deleted.until - Date.now());
    return () => clearTimeout(timer);
  }, [deleted]);
  if (!deleted || deleted.until <= Date.now()) return null;
  return (
    <div className="toast toast-end toast-bottom z-50" data-testid="undo-toast">
      <div role="status" className="alert alert-info">
        <span>
          {t('intake.delete.deleted')} {deleted.name}
        </span>
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => void undoDelete(deleted.id)}
          data-testid="undo-delete"
        >
          {t('intake.delete.undo')}
        </button>
      </div>
    </div>
  );
}

export function IntakeToolbar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const [onBurst] = useState(() => (text: string) => navigate('/intake/scan', { state: { text } }));
  useWedgeReader(onBurst);
  return (
    <>
      {session?.user.role === 'admin' && (
        <Link
          to="/admin/deleted-travelers"
          className="btn btn-sm btn-ghost"
          data-testid="deleted-travelers-link"
        >
          {t('intake.trash.title')}
        </Link>
      )}
      <UndoToast />
    </>
  );
}
