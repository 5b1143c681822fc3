/**
 * Progress of the CSV transfers as the officer sees it: the import dialog shows the upload, then
 * the rows the server has saved (from its progress lines), then the report; the export button
 * shows the rows and bytes received, and a clear message when the server's export slots are taken.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import { type FakeXhr, stubXhr } from '../../test/fake-xhr.ts';
import { ExportButton } from './export-button.tsx';
import { ImportDialog } from './import-dialog.tsx';

beforeAll(() => {
  initI18n().changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** An XMLHttpRequest whose answer the test writes piece by piece. */
function controlledXhr() {
  const control: { xhr: FakeXhr | null } = { xhr: null };
  stubXhr((xhr) => {
    control.xhr = xhr;
  });
  return control;
}

const line = (value: unknown) => `${JSON.stringify(value)}\n`;

describe('ImportDialog', () => {
  it('shows the upload, then the rows saved by the server, then the report', async () => {
    const control = controlledXhr();
    render(<ImportDialog onClose={() => {}} />);
    const input = document.querySelector<HTMLInputElement>('[data-testid="import-form"] input[type="file"]');
    if (!input) throw new Error('no file input');
    fireEvent.change(input, { target: { files: [new File(['x'], 'arrivals.csv', { type: 'text/csv' })] } });
    fireEvent.click(screen.getByTestId('import-start'));
    await waitFor(() => expect(control.xhr).not.toBeNull());
    const xhr = control.xhr;
    if (!xhr) throw new Error('not sent');

    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }));
    expect(screen.getByText('Uploading: 40%')).toBeTruthy();
    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 }));
    expect(screen.getByTestId('import-saving').textContent).toContain('The server is checking and saving');

    // Progress lines may arrive cut anywhere: only complete lines count.
    const progress = line({ type: 'progress', processed: 1000, total: 2500 });
    act(() => xhr.receive(line({ type: 'progress', processed: 0, total: 2500 }) + progress.slice(0, 10)));
    expect(screen.getByTestId('import-saving').textContent).toContain('Saved 0 of 2500 rows (0%)');
    act(() => xhr.receive(progress.slice(10)));
    expect(screen.getByTestId('import-saving').textContent).toContain('Saved 1000 of 2500 rows (40%)');
    expect(screen.getByTestId('import-saving').querySelector('progress')?.getAttribute('value')).toBe('1000');

    const report = {
      total: 2500,
      imported: 2499,
      rejected: [{ row: 7, errors: [{ field: 'passportNo', code: 'x' }] }],
    };
    act(() => {
      xhr.receive(
        line({ type: 'progress', processed: 2500, total: 2500 }) + line({ type: 'report', report }),
      );
      xhr.onload?.();
    });
    expect((await screen.findByTestId('import-report')).textContent).toContain('Imported 2499 of 2500 rows.');
    expect(screen.getByTestId('import-rejected-count').textContent).toBe('1 row rejected');
    expect(screen.queryByTestId('import-saving')).toBeNull();
  });
});

/** A fetch answering the export in pieces, or with an error status. */
function stubExport(answer: { status: number; pieces?: string[]; body?: unknown }) {
  const release: (() => void)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      if (answer.status !== 200) {
        return new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '30' },
        });
      }
      const encoder = new TextEncoder();
      const pieces = [...(answer.pieces ?? [])];
      const stream = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const next = pieces.shift();
          if (next === undefined) return controller.close();
          // Each piece waits until the test lets it through.
          await new Promise<void>((resolve) => release.push(resolve));
          controller.enqueue(encoder.encode(next));
        },
      });
      return new Response(stream, {
        status: 200,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="t.csv"',
        },
      });
    }),
  );
  return async () => {
    await waitFor(() => expect(release.length).toBeGreaterThan(0));
    await act(async () => release.shift()?.());
  };
}

describe('ExportButton', () => {
  it('shows the rows and size received while the file downloads, then saves it', async () => {
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      if (blob instanceof Blob) saved.push(blob);
      return 'blob:export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    // jsdom cannot follow the download link.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const header = '\uFEFFid,fullName\r\n';
    const rows = Array.from({ length: 3 }, (_, i) => `${i},Name ${i}\r\n`).join('');
    const next = stubExport({ status: 200, pieces: [header + rows, rows, rows] });
    render(<ExportButton online />);
    fireEvent.click(screen.getByTestId('export-start'));
    await next();
    await waitFor(() =>
      expect(screen.getByTestId('export-progress').textContent).toContain('Received 3 rows'),
    );
    await next();
    await waitFor(() =>
      expect(screen.getByTestId('export-progress').textContent).toContain('Received 6 rows'),
    );
    await next();
    await waitFor(() => expect(screen.getByTestId('export-start').textContent).toBe('Export CSV'));
    expect(saved).toHaveLength(1);
    expect(saved[0]?.size).toBe(new TextEncoder().encode(header + rows + rows + rows).byteLength);
  });

  it('says to try again later when two exports already run (429)', async () => {
    stubExport({ status: 429, body: { error: { code: 'rate_limited', message: 'busy' } } });
    render(<ExportButton online />);
    fireEvent.click(screen.getByTestId('export-start'));
    expect((await screen.findByTestId('export-error')).textContent).toContain(
      'Two exports are already running',
    );
  });
});
