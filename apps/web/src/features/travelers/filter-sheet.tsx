/**
 * The filters on a phone: a bottom sheet over the list (a native modal <dialog>, so focus is
 * trapped and Escape closes it) holding the same search panel the wide layouts show inline.
 * It stays mounted while closed so the panel keeps what was typed.
 */
import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export function FilterSheet({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="modal modal-bottom"
      aria-labelledby={titleId}
      onClose={onClose}
      data-testid="filter-sheet"
    >
      <div className="modal-box p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] max-h-[85vh]">
        <div className="flex items-center justify-between mb-2">
          <h2 id={titleId} className="text-lg font-bold">
            {t('phone.filters.title')}
          </h2>
          <button
            type="button"
            className="btn btn-ghost btn-square min-h-11 min-w-11"
            aria-label={t('phone.filters.close')}
            onClick={onClose}
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        {children}
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" aria-label={t('phone.filters.close')}>
          {t('phone.filters.close')}
        </button>
      </form>
    </dialog>
  );
}
