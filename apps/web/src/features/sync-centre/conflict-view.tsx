/**
 * One unresolved conflict: the device's and the server's copies side by side, field by field,
 * differing fields highlighted (colour plus a text badge), and the three resolutions. Manual
 * merge lets the officer take, per differing field, the device value, the server value or an
 * edited value, then submits the merged data.
 */
import { Fragment, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertLine } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import type { StoredConflict } from '../../db/sync-centre-repo.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { type Resolution, resolveConflict } from '../../sync/resolutions.ts';
import { buildMergedData, type Choice, compareFields, isEditable } from './field-diff.ts';
import { actionErrorText, fieldLabel, recordLabel } from './labels.ts';
import { readableValue } from './readable-value.ts';

/** One of the conflict's small action buttons. */
function ResolveButton({
  variant,
  disabled,
  onClick,
  children,
}: {
  variant: 'btn-ghost' | 'btn-outline' | 'btn-primary' | 'btn-secondary';
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className={`btn btn-sm ${variant}`} disabled={disabled} onClick={onClick}>
      {children}
    </button>
  );
}

export function ConflictView({ conflict }: { conflict: StoredConflict }) {
  const { t, i18n } = useTranslation();
  const show = (field: string, value: unknown) => readableValue(t, field, value, i18n.language);
  const rows = useMemo(
    () => compareFields(conflict.table, conflict.localData, conflict.serverData),
    [conflict],
  );
  const [merging, setMerging] = useState(false);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canMerge =
    conflict.localData !== null && conflict.serverData !== null && !conflict.serverData.deletedAt;
  const { id } = conflict;

  const resolve = async (resolution: Resolution, merged?: Record<string, unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await resolveConflict(id, resolution, merged);
    } catch (err) {
      setError(actionErrorText(t, err));
      setBusy(false);
    }
  };

  const choose = (field: string, choice: Choice) => setChoices((c) => ({ ...c, [field]: choice }));
  const label = recordLabel(conflict.localData ?? conflict.serverData, conflict.recordId);

  return (
    <article
      className="card card-border bg-base-100"
      aria-labelledby={`conflict-${id}-title`}
      data-testid="conflict"
      data-record-id={conflict.recordId}
    >
      <div className="card-body p-3 sm:p-4 gap-3">
        <header className="flex flex-wrap items-center gap-2">
          <h4 id={`conflict-${id}-title`} className="font-semibold break-words min-w-0">
            {t(`sync.tables.${conflict.table}`)}: {label}
          </h4>
          <Badge variant="warning" size="sm">
            {t(`sync.conflicts.types.${conflict.conflictType}`)}
          </Badge>
          <span className="text-xs opacity-70 ms-auto">{formatDateTime(conflict.timestamp)}</span>
        </header>

        <div className="overflow-x-auto">
          <table className="table table-sm max-sm:table-xs" aria-describedby={`conflict-${id}-title`}>
            <caption className="sr-only">{t('sync.conflicts.caption')}</caption>
            <thead>
              <tr>
                <th scope="col" className="hidden sm:table-cell">
                  {t('sync.conflicts.field')}
                </th>
                <th scope="col">{t('sync.conflicts.local')}</th>
                <th scope="col">{t('sync.conflicts.server')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const choice = choices[row.field] ?? { source: 'local' };
                const showMerge = merging && row.differs;
                const label = (
                  <>
                    <span className="me-2 sm:me-0 sm:block">{fieldLabel(t, row.field)}</span>
                    {row.differs && (
                      <Badge variant="warning" size="sm" className="sm:mt-1">
                        {t('sync.conflicts.differs')}
                      </Badge>
                    )}
                  </>
                );
                const tint = row.differs ? 'bg-warning/15' : '';
                return (
                  <Fragment key={row.field}>
                    {/* Phones: the field name gets its own line so both values keep the width. */}
                    <tr className={`sm:hidden border-b-0 ${tint}`}>
                      <td colSpan={2} className="pb-0 font-medium">
                        {label}
                      </td>
                    </tr>
                    <tr
                      className={tint}
                      data-testid={`conflict-field-${row.field}`}
                      data-differs={String(row.differs)}
                    >
                      <th scope="row" className="align-top font-medium hidden sm:table-cell">
                        {label}
                      </th>
                      {(['local', 'server'] as const).map((side) => (
                        <td key={side} className="align-top break-words max-w-[14rem] w-1/2 sm:w-auto">
                          {showMerge ? (
                            <label className="flex items-start gap-2 cursor-pointer">
                              <input
                                type="radio"
                                className="radio radio-sm radio-primary mt-0.5"
                                name={`merge-${id}-${row.field}`}
                                checked={choice.source === side}
                                onChange={() => choose(row.field, { source: side })}
                                aria-label={`${fieldLabel(t, row.field)}: ${t(`sync.conflicts.use.${side}`)}`}
                              />
                              <span>{show(row.field, row[side])}</span>
                            </label>
                          ) : (
                            <span className={row.differs ? 'font-semibold' : ''}>
                              {show(row.field, row[side])}
                            </span>
                          )}
                          {showMerge && side === 'server' && isEditable(row.local ?? row.server) && (
                            <label className="flex items-center gap-2 mt-2">
                              <input
                                type="radio"
                                className="radio radio-sm radio-primary"
                                name={`merge-${id}-${row.field}`}
                                checked={choice.source === 'custom'}
                                onChange={() =>
                                  choose(row.field, { source: 'custom', value: displayEditable(row.local) })
                                }
                                aria-label={`${fieldLabel(t, row.field)}: ${t('sync.conflicts.use.custom')}`}
                              />
                              <input
                                type="text"
                                className="input input-sm w-full min-w-24"
                                placeholder={t('sync.conflicts.use.custom')}
                                aria-label={`${fieldLabel(t, row.field)}: ${t('sync.conflicts.customValue')}`}
                                value={choice.source === 'custom' ? choice.value : ''}
                                onChange={(e) =>
                                  choose(row.field, { source: 'custom', value: e.target.value })
                                }
                              />
                            </label>
                          )}
                        </td>
                      ))}
                    </tr>
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>

        <AlertLine message={error} />

        <div className="flex flex-wrap gap-2 justify-end">
          {merging ? (
            <>
              <ResolveButton variant="btn-ghost" disabled={busy} onClick={() => setMerging(false)}>
                {t('sync.conflicts.cancelMerge')}
              </ResolveButton>
              <ResolveButton
                variant="btn-primary"
                disabled={busy}
                onClick={() => void resolve('manual_merge', buildMergedData(rows, choices))}
              >
                {t('sync.conflicts.submitMerge')}
              </ResolveButton>
            </>
          ) : (
            <>
              <ResolveButton
                variant="btn-outline"
                disabled={busy}
                onClick={() => void resolve('server_wins')}
              >
                {t('sync.conflicts.serverWins')}
              </ResolveButton>
              <ResolveButton
                variant="btn-primary"
                disabled={busy || conflict.localData === null}
                onClick={() => void resolve('client_wins')}
              >
                {t('sync.conflicts.clientWins')}
              </ResolveButton>
              {canMerge && (
                <ResolveButton variant="btn-secondary" disabled={busy} onClick={() => setMerging(true)}>
                  {t('sync.conflicts.manualMerge')}
                </ResolveButton>
              )}
            </>
          )}
        </div>
      </div>
    </article>
  );
}

const displayEditable = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
