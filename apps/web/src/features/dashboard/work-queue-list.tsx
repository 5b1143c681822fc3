/**
 * The home's work queue: one section per kind of work, each row a traveller (name, passport,
 * status, risk, why they are listed) that opens the traveller's page when tapped.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge.tsx';
import { RiskBadge, StatusBadge } from '../travelers/status-badges.tsx';
import type { QueueRow, WorkQueue } from './work-queue.ts';

type QueueKind = keyof WorkQueue;
const KINDS: readonly QueueKind[] = ['highRisk', 'checkIns', 'waiting'];
/** Rows shown per section before "show all". */
const SHOWN = 5;

function Why({ kind, row }: { kind: QueueKind; row: QueueRow }) {
  const { t } = useTranslation();
  if (kind !== 'checkIns') return null;
  return row.overdue.length > 0 ? (
    <Badge variant="error" size="sm" data-testid="queue-overdue">
      {t('dashboard.queue.overdue', { count: row.overdue.length })}
    </Badge>
  ) : (
    <Badge variant="info" size="sm" data-testid="queue-due-today">
      {t('dashboard.queue.dueToday')}
    </Badge>
  );
}

function Section({
  kind,
  rows,
  onOpen,
}: {
  kind: QueueKind;
  rows: readonly QueueRow[];
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? rows : rows.slice(0, SHOWN);
  return (
    <section
      className="card bg-base-100 shadow-sm p-3 sm:p-4 gap-2"
      aria-labelledby={`queue-${kind}`}
      data-testid={`queue-${kind}`}
    >
      <h2 id={`queue-${kind}`} className="font-semibold flex items-center gap-2">
        {t(`dashboard.queue.${kind}.title`)}
        <span className="badge badge-neutral badge-sm tabular-nums" data-testid="queue-count">
          {rows.length}
        </span>
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm opacity-80">{t(`dashboard.queue.${kind}.empty`)}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-base-300">
          {shown.map((row) => (
            <li key={row.traveler.id}>
              <button
                type="button"
                className="w-full min-h-14 py-2 px-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-start hover:bg-base-200 rounded focus-visible:outline-2"
                onClick={() => onOpen(row.traveler.id)}
                data-testid="queue-row"
              >
                <span className="grow min-w-0">
                  <span className="block font-medium truncate">{row.traveler.fullName}</span>
                  <span className="block text-sm font-mono opacity-80">{row.traveler.passportNo}</span>
                </span>
                <StatusBadge status={row.traveler.status} />
                {row.risk && <RiskBadge level={row.risk.level} score={row.risk.score} />}
                <Why kind={kind} row={row} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {!expanded && rows.length > SHOWN && (
        <button type="button" className="btn btn-ghost min-h-11 self-start" onClick={() => setExpanded(true)}>
          {t('dashboard.queue.showAll', { count: rows.length })}
        </button>
      )}
    </section>
  );
}

export function WorkQueueList({ queue, onOpen }: { queue: WorkQueue; onOpen: (id: string) => void }) {
  return (
    <div className="grid gap-3 lg:grid-cols-3" data-testid="work-queue">
      {KINDS.map((kind) => (
        <Section key={kind} kind={kind} rows={queue[kind]} onOpen={onOpen} />
      ))}
    </div>
  );
}
