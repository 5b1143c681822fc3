/**
 * Accessible modal on the native <dialog> (focus trap, Escape and backdrop close come free).
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';

export function Modal({
  open,
  onClose,
  title,
  children,
  actions,
  closeLabel,
  boxClassName = '',
  placement = 'middle',
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  /** Accessible name of the backdrop close button. */
  closeLabel: string;
  /** Extra classes of the box, e.g. a wider max-width for long forms. */
  boxClassName?: string;
  /** 'bottom': a sheet rising from the bottom edge (phones). */
  placement?: 'middle' | 'bottom';
  testId?: string;
}) {
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
      className={placement === 'bottom' ? 'modal modal-bottom' : 'modal'}
      aria-labelledby={titleId}
      // React passes a nested dialog's close up its tree (a confirmation inside a details dialog):
      // only this dialog's own close closes it.
      onClose={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      data-testid={testId}
    >
      <div className={`modal-box ${boxClassName}`}>
        <h2 id={titleId} className="text-lg font-bold mb-3">
          {title}
        </h2>
        {children}
        {actions && <div className="modal-action">{actions}</div>}
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" aria-label={closeLabel}>
          {closeLabel}
        </button>
      </form>
    </dialog>
  );
}
