/**
 * The register's CSV export: a button, then the rows and bytes received while the file
 * downloads (a large register takes a while), then the browser's download. Both export slots
 * of the server being taken (429) gets its own message: try again in a moment.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../i18n/format.ts';
import { ApiError } from '../../lib/api.ts';
import type { ExportProgress } from './csv-transfer.ts';

type State =
  | { kind: 'idle' }
  | { kind: 'running'; progress: ExportProgress | null }
  | { kind: 'failed'; busy: boolean };

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${formatDecimal(bytes / 1024 / 1024, { min: 1, max: 1 })} MB`
    : `${Math.ceil(bytes / 1024)} kB`;

export function ExportButton({ online }: { online: boolean }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const running = state.kind === 'running';

  const start = async () => {
    setState({ kind: 'running', progress: null });
    try {
      // The transfer code loads on the first export (it is not part of the list's first load).
      const { downloadExport } = await import('./csv-transfer.ts');
      await downloadExport((progress) => setState({ kind: 'running', progress }));
      setState({ kind: 'idle' });
    } catch (err) {
      setState({ kind: 'failed', busy: err instanceof ApiError && err.status === 429 });
    }
  };

  return (
    <div className="flex flex-col items-end gap-1">
      <button
        type="button"
        className="btn btn-sm"
        onClick={() => void start()}
        disabled={running || !online}
        data-testid="export-start"
      >
        {running ? t('travelers.export.busy') : t('travelers.export.button')}
      </button>
      {running && state.progress && (
        <p role="status" className="text-xs tabular-nums" data-testid="export-progress">
          {t('travelers.export.progress', {
            rows: state.progress.rows.toLocaleString(i18n.language),
            size: sizeOf(state.progress.bytes),
          })}
        </p>
      )}
      {state.kind === 'failed' && (
        <p role="alert" className="text-error text-xs" data-testid="export-error">
          {state.busy ? t('travelers.export.tooMany') : t('travelers.export.failed')}
        </p>
      )}
    </div>
  );
}
