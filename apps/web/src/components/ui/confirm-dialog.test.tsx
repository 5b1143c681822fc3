import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';

afterEach(cleanup);

function renderDialog(busy = false) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <ConfirmDialog
      open
      title="Discard?"
      confirmLabel="Discard"
      cancelLabel="Cancel"
      onConfirm={onConfirm}
      onCancel={onCancel}
      busy={busy}
      confirmTestId="confirm"
    >
      <p>This cannot be undone.</p>
    </ConfirmDialog>,
  );
  return { onConfirm, onCancel };
}

describe('ConfirmDialog', () => {
  it('asks the question and calls back on confirm and on cancel', () => {
    const { onConfirm, onCancel } = renderDialog();
    expect(screen.getByText('This cannot be undone.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    const [cancel] = screen.getAllByRole('button', { name: 'Cancel', hidden: true });
    if (!cancel) throw new Error('no Cancel button');
    fireEvent.click(cancel);
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('confirm').className).toContain('btn-error');
  });

  it('disables both buttons and shows a spinner while busy', () => {
    renderDialog(true);
    const confirm = screen.getByTestId('confirm');
    expect(confirm.hasAttribute('disabled')).toBe(true);
    expect(confirm.querySelector('.loading-spinner')).not.toBeNull();
  });
});
