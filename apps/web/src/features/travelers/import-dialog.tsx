/**
 * CSV import: choose a file, watch the upload progress, then the server saving the rows chunk by
 * chunk, then read the per-row report.
 */

import type { FieldIssue, TravelerImportReport } from '@bh/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../components/ui/action-button.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { FormActions } from '../../components/ui/form-actions.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { requestSync } from '../../sync/triggers.ts';
import { ImportError, rejectionReportCsv, saveText, uploadImport } from './csv-transfer.ts';

/** Rows of the report shown on screen; the downloadable report has every one. */
const SHOWN_ROWS = 500;

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; fraction: number }
  /** The server checks the file, then saves it: `saved` of `total` rows once it says so. */
  | { kind: 'processing'; saved: number | null; total: number | null };

export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [report, setReport] = useState<TravelerImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = phase.kind !== 'idle';
  const fieldName = (field: string | undefined) => (field ? t(`travelers.field.${field}`) : '');
  const describe = (issue: FieldIssue) => ({ field: fieldName(issue.field), reason: t(issue.code) });
  const downloadReport = (r: TravelerImportReport) =>
    saveText(
      rejectionReportCsv(
        r,
        {
          row: t('travelers.import.row'),
          field: t('travelers.import.field'),
          reason: t('travelers.import.reason'),
        },
        describe,
      ),
      `${(file?.name ?? 'import').replace(/\.csv$/i, '')}-rejected.csv`,
    );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    setError(null);
    setReport(null);
    setPhase({ kind: 'uploading', fraction: 0 });
    try {
      const result = await uploadImport(
        file,
        (fraction) =>
          setPhase(
            fraction >= 1
              ? { kind: 'processing', saved: null, total: null }
              : { kind: 'uploading', fraction },
          ),
        (saved, total) => setPhase({ kind: 'processing', saved, total }),
      );
      setReport(result);
      // Bring the new travellers to this device now rather than at the next timed sync.
      if (result.imported > 0) requestSync('import');
    } catch (err) {
      if (err instanceof ImportError && err.status === 0) setError(t('travelers.import.offline'));
      else if (err instanceof ImportError && err.details.length > 0)
        setError(
          err.details.map((d) => [d.field, t(d.code, d.params)].filter(Boolean).join(': ')).join('; '),
        );
      else setError(t('travelers.import.failed'));
    } finally {
      setPhase({ kind: 'idle' });
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t('travelers.import.title')}
      closeLabel={t('travelers.import.close')}
      boxClassName="w-11/12 max-w-2xl"
    >
      <form onSubmit={submit} className="flex flex-col gap-3" data-testid="import-form">
        <p className="text-sm opacity-80">{t('travelers.import.help')}</p>
        <label className="flex flex-col gap-1 text-sm">
          <span>{t('travelers.import.file')}</span>
          <input
            type="file"
            accept=".csv,text/csv"
            className="file-input w-full"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            disabled={busy}
          />
        </label>
        {phase.kind === 'uploading' && (
          <div>
            <progress
              className="progress progress-primary w-full"
              value={Math.round(phase.fraction * 100)}
              max={100}
            />
            <p className="text-sm">
              {t('travelers.import.uploading', { percent: Math.round(phase.fraction * 100) })}
            </p>
          </div>
        )}
        {phase.kind === 'processing' && (
          <div role="status" data-testid="import-saving">
            {phase.saved !== null && phase.total ? (
              <>
                <progress
                  className="progress progress-primary w-full"
                  value={phase.saved}
                  max={phase.total}
                />
                <p className="text-sm">
                  {t('travelers.import.saving', {
                    saved: phase.saved,
                    total: phase.total,
                    percent: Math.round((phase.saved / phase.total) * 100),
                  })}
                </p>
              </>
            ) : (
              <>
                <progress className="progress progress-primary w-full" />
                <p className="text-sm">{t('travelers.import.processing')}</p>
              </>
            )}
          </div>
        )}
        {error && (
          <div role="alert" className="alert alert-error alert-soft text-sm">
            {error}
          </div>
        )}
        {report && (
          <div data-testid="import-report" aria-live="polite">
            <p className="font-semibold">
              {t('travelers.import.done', { imported: report.imported, total: report.total })}
            </p>
            {report.imported > 0 && <p className="text-sm opacity-80">{t('travelers.import.syncNote')}</p>}
            {report.rejected.length > 0 && (
              <div className="mt-2">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-error text-sm" data-testid="import-rejected-count">
                    {t('travelers.import.rejected', { count: report.rejected.length })}
                  </p>
                  <ActionButton
                    className="btn btn-xs"
                    onClick={() => downloadReport(report)}
                    testId="import-report-download"
                  >
                    {t('travelers.import.downloadReport')}
                  </ActionButton>
                </div>
                {report.rejected.length > SHOWN_ROWS && (
                  <p className="text-xs opacity-80">
                    {t('travelers.import.shownFirst', { shown: SHOWN_ROWS })}
                  </p>
                )}
                <div className="max-h-60 overflow-auto">
                  <DataTable
                    className="table-xs"
                    columns={[t('travelers.import.row'), t('travelers.import.reason')]}
                  >
                    {report.rejected.slice(0, SHOWN_ROWS).map((r) => (
                      <tr key={r.row}>
                        <td className="tabular-nums">{r.row}</td>
                        <td>
                          {r.errors
                            .map((e) => `${e.field ? `${fieldName(e.field)}: ` : ''}${t(e.code)}`)
                            .join('; ')}
                        </td>
                      </tr>
                    ))}
                  </DataTable>
                </div>
              </div>
            )}
          </div>
        )}
        <FormActions place="modal" back={t('travelers.import.close')} onBack={onClose}>
          <SubmitButton
            busy={busy}
            className="btn-primary"
            disabled={!file || busy}
            data-testid="import-start"
          >
            {t('travelers.import.start')}
          </SubmitButton>
        </FormActions>
      </form>
    </Modal>
  );
}
