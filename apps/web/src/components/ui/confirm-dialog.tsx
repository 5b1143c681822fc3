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
  confirmDisabled = false,
  confirmTestId,
  cancelTestId,
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
  /** Holds the confirm button back until the question is answered (e.g. a reason typed). */
  confirmDisabled?: boolean;
  confirmTestId?: string;
  cancelTestId?: string;
}) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      closeLabel={cancelLabel}
      actions={
        <>
          <button type="button" className="btn" onClick={onCancel} disabled={busy} data-testid={cancelTestId}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`btn ${destructive ? 'btn-error' : 'btn-primary'}`}
            onClick={onConfirm}
            disabled={busy || confirmDisabled}
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
