/**
 * The status buttons of the details view, read from the lifecycle table (officerTransitions), and
 * the admins' correction (any status, with a mandatory reason). A change is recorded as an event
 * and shown as waiting until the server accepts it. The moves that are hard to undo (quarantine,
 * refuse entry, clear) ask first; clearing before the quarantine's last day warns and needs a
 * reason (confirm-move.tsx).
 */
import {
  officerTransitions,
  STATUS_REASON_MAX_LENGTH,
  TRAVELER_STATUSES,
  type TravelerStatus,
  travelerStatusLabelKey,
} from '@bh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Options } from '../../components/ui/options.tsx';
import { addTravelerEvent } from '../../db/lifecycle-repo.ts';
import { ConfirmMove, needsConfirmation } from './confirm-move.tsx';
import { useActor } from './use-lifecycle.ts';

/** A labelled one-line reason (at most the length the server keeps). */
function ReasonInput(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  className: string;
  required?: boolean;
  testId?: string;
}) {
  return (
    <label className={`flex flex-col gap-1 ${props.className}`}>
      <span>{props.label}</span>
      <input
        className="input w-full"
        value={props.value}
        required={props.required}
        maxLength={STATUS_REASON_MAX_LENGTH}
        onChange={(e) => props.onChange(e.target.value)}
        data-testid={props.testId}
      />
    </label>
  );
}

export function StatusActions({
  travelerId,
  travelerName,
  status,
  quarantineEnd = null,
}: {
  travelerId: string;
  travelerName: string;
  status: TravelerStatus;
  /** The last scheduled day of a running quarantine (clearing before it warns). */
  quarantineEnd?: string | null;
}) {
  const { t } = useTranslation();
  const { actor, isAdmin } = useActor();
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [fixTo, setFixTo] = useState<TravelerStatus | ''>('');
  const [fixReason, setFixReason] = useState('');
  const [asking, setAsking] = useState<TravelerStatus | null>(null);
  const targets = officerTransitions(status);

  const change = async (toStatus: TravelerStatus, why: string, correction: boolean) => {
    if (!actor) return;
    await addTravelerEvent(
      { travelerId, kind: 'status_changed', toStatus, reason: why.trim() || null, correction },
      actor,
      status,
    );
    setReason('');
    setFixReason('');
    setFixTo('');
    setNotice(t('lifecycle.status.saved'));
  };

  return (
    <section className="mt-3" aria-labelledby="status-actions-title" data-testid="status-actions">
      <h3 id="status-actions-title" className="font-semibold mb-1">
        {t('lifecycle.status.title')}
      </h3>
      {targets.length === 0 ? (
        <p className="text-sm opacity-70">
          {t(status === 'pending' ? 'lifecycle.status.pendingHint' : 'lifecycle.status.none')}
        </p>
      ) : (
        <div className="flex flex-col gap-2">
          <ReasonInput
            label={t('lifecycle.status.reason')}
            value={reason}
            onChange={setReason}
            className="text-sm"
            testId="status-reason"
          />
          <div className="flex flex-wrap gap-2">
            {targets.map((to) => (
              <button
                key={to}
                type="button"
                className={to === 'quarantine' || to === 'rejected' ? 'btn btn-warning' : 'btn'}
                onClick={() => (needsConfirmation(to) ? setAsking(to) : void change(to, reason, false))}
                data-testid={`status-to-${to}`}
              >
                {t(`lifecycle.status.to.${to}`)}
              </button>
            ))}
          </div>
        </div>
      )}
      {isAdmin && (
        <details className="mt-2 text-sm" data-testid="status-correction">
          <summary className="cursor-pointer min-h-11 flex items-center">
            {t('lifecycle.status.correction.title')}
          </summary>
          <form
            className="flex flex-wrap items-end gap-2 mt-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (fixTo && fixReason.trim()) void change(fixTo, fixReason, true);
            }}
          >
            <label className="flex flex-col gap-1">
              <span>{t('lifecycle.status.correction.to')}</span>
              <select
                className="select"
                value={fixTo}
                required
                onChange={(e) => setFixTo(TRAVELER_STATUSES.find((s) => s === e.target.value) ?? '')}
              >
                <option value="" />
                <Options
                  values={TRAVELER_STATUSES.filter((s) => s !== status)}
                  label={(s) => t(travelerStatusLabelKey(s))}
                />
              </select>
            </label>
            <ReasonInput
              label={t('lifecycle.status.correction.reason')}
              value={fixReason}
              onChange={setFixReason}
              className="grow"
              required
            />
            <button type="submit" className="btn" disabled={!fixTo || !fixReason.trim()}>
              {t('lifecycle.status.correction.submit')}
            </button>
          </form>
        </details>
      )}
      {asking && (
        <ConfirmMove
          to={asking}
          from={status}
          travelerName={travelerName}
          quarantineEnd={quarantineEnd}
          initialReason={reason}
          onCancel={() => setAsking(null)}
          onConfirm={(why) => {
            setAsking(null);
            void change(asking, why, false);
          }}
        />
      )}
      {notice && (
        <output className="text-success text-sm block mt-1" aria-live="polite">
          {notice}
        </output>
      )}
    </section>
  );
}
