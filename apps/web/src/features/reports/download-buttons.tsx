/** CSV and XLSX downloads of the chosen period, with the bytes received while they run. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Period } from './period-picker.tsx';
import { downloadReport } from './reports-api.ts';

type State =
  | { kind: 'idle' }
  | { kind: 'running'; format: 'csv' | 'xlsx'; bytes: number }
  | { kind: 'failed' };

export function DownloadButtons({ period, disabled }: { period: Period; disabled: boolean }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const start = async (format: 'csv' | 'xlsx') => {
    setState({ kind: 'running', format, bytes: 0 });
    try {
      await downloadReport(period.kind, period.query, format, (bytes) =>
        setState({ kind: 'running', format, bytes }),
      );
      setState({ kind: 'idle' });
    } catch {
      setState({ kind: 'failed' });
    }
  };
  const running = state.kind === 'running';
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex gap-2">
        {(['csv', 'xlsx'] as const).map((format) => (
          <button
            key={format}
            type="button"
            className="btn"
            onClick={() => void start(format)}
            disabled={disabled || running}
            data-testid={`report-download-${format}`}
          >
            {t(`reports.download.${format}`)}
          </button>
        ))}
      </div>
      {running && (
        <progress
          className="progress progress-primary w-40"
          aria-label={t('reports.download.progress', { kb: Math.ceil(state.bytes / 1024) })}
        />
      )}
      {running && (
        <p role="status" className="text-xs tabular-nums" data-testid="report-download-progress">
          {t('reports.download.progress', { kb: Math.ceil(state.bytes / 1024) })}
        </p>
      )}
      {state.kind === 'failed' && (
        <p role="alert" className="text-error text-xs">
          {t('reports.download.failed')}
        </p>
      )}
    </div>
  );
}
