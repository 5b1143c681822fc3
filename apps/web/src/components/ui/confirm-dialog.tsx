/**
 * The one confirmation dialog: a question, Cancel and a confirm button (red for destructive
 * actions). Cancel, Escape and the backdrop all call onCancel; while busy the buttons are disabled
 * and the confirm button shows a spinner.
 */
import type { ReactNode } from 'react';
import { Modal } from './modal.tsx';
import { Spinner } from './spinner.tsx';

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busy = false,
  destructive = true,
  confirmTestId,
}: {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  destructive?: boolean;
  confirmTestId?: string;
}) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      closeLabel={cancelLabel}
      actions={
        <>
          <button type="button" className="btn" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`btn ${destructive ? 'btn-error' : 'btn-primary'}`}
            onClick={onConfirm}
            disabled={busy}
            data-testid={confirmTestId}
          >
            {busy && <Spinner size="xs" />}
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
