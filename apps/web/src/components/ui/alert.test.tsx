import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Alert } from './alert.tsx';

afterEach(cleanup);

describe('Alert', () => {
  it('announces errors at once and the other tones politely', () => {
    render(
      <>
        <Alert tone="error">Broken</Alert>
        <Alert tone="success" data-testid="ok">
          Saved
        </Alert>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Broken');
    expect(screen.getByRole('alert').className).toContain('alert-error alert-soft');
    expect(screen.getByRole('status').getAttribute('data-testid')).toBe('ok');
  });

  it('takes a role override, no live region, and the strong variant', () => {
    render(
      <>
        <Alert tone="warning" announce="alert" soft={false}>
          Careful
        </Alert>
        <Alert tone="info" announce="none" className="mt-2">
          Note
        </Alert>
      </>,
    );
    expect(screen.getByRole('alert').className).toBe('alert alert-warning');
    const note = screen.getByText('Note');
    expect(note.getAttribute('role')).toBeNull();
    expect(note.className).toBe('alert alert-info alert-soft mt-2');
  });
});
