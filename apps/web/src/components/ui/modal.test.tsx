import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './modal.tsx';

afterEach(cleanup);

describe('Modal', () => {
  it('closes on its own close only: a question asked inside it closing leaves it open', () => {
    const outer = vi.fn();
    const inner = vi.fn();
    render(
      <Modal open onClose={outer} title="Traveller" closeLabel="Close" testId="outer">
        <Modal open onClose={inner} title="Erase?" closeLabel="Cancel" testId="inner">
          <p>Erase the personal data?</p>
        </Modal>
      </Modal>,
    );
    // The native close event of the inner dialog (it does not bubble in the DOM; React passed it up).
    fireEvent(screen.getByTestId('inner'), new Event('close'));
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
    fireEvent(screen.getByTestId('outer'), new Event('close'));
    expect(outer).toHaveBeenCalledTimes(1);
  });
});
