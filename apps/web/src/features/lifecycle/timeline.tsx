/** The traveller's timeline in the details view: what happened, who did it and when (offline too). */
import { type LocalTravelerEvent, travelerStatusLabelKey } from '@bh/shared';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge.tsx';
import { formatDateTime, formatTemperature } from '../../i18n/format.ts';

function Detail({ event }: { event: LocalTravelerEvent }) {
  const { t } = useTranslation();
  const status = (s: string | null | undefined) => (s ? t(travelerStatusLabelKey(s)) : '?');
  const d = event.details ?? {};
  switch (event.kind) {
    case 'status_changed':
      return (
        <span>
          {status(event.fromStatus)} → {status(event.toStatus)}
          {event.correction && (
            <Badge variant="warning" size="sm" className="ms-1">
              {t('lifecycle.timeline.correction')}
            </Badge>
          )}
        </span>
      );
    case 'test_result':
      return <span>{event.testResult ? t(`lifecycle.timeline.testResults.${event.testResult}`) : null}</span>;
    case 'check_in':
      return (
        <span>
          {typeof d.temperature === 'number' ? formatTemperature(d.temperature) : null}
          {d.fever === true && (
            <Badge variant="error" size="sm" className="ms-1">
              {t('lifecycle.timeline.fever')}
            </Badge>
          )}
        </span>
      );
    case 'consent':
      // The privacy notice the traveller accepted, when (occurredAt, below) their code said.
      return event.noticeVersion ? (
        <span data-testid="timeline-consent">
          {t('lifecycle.timeline.noticeVersion', { version: event.noticeVersion })}
        </span>
      ) : null;
    case 'transferred':
      // The posts' codes, as the server wrote them when the traveller moved.
      return typeof d.fromCode === 'string' || typeof d.toCode === 'string' ? (
        <span data-testid="timeline-transfer">
          {String(d.fromCode ?? '?')} → {String(d.toCode ?? '?')}
        </span>
      ) : null;
    default:
      return null;
  }
}

export function Timeline({ events }: { events: readonly LocalTravelerEvent[] }) {
  const { t } = useTranslation();
  return (
    <section className="mt-3" aria-labelledby="timeline-title">
      <h3 id="timeline-title" className="font-semibold mb-1">
        {t('lifecycle.timeline.title')}
      </h3>
      {events.length === 0 ? (
        <p className="text-sm opacity-70">{t('lifecycle.timeline.empty')}</p>
      ) : (
        <ol className="border-s border-base-300 ms-2 text-sm" data-testid="timeline">
          {events.map((e) => (
            <li key={e.id} className="ms-3 mb-2" data-testid="timeline-event" data-kind={e.kind}>
              <div className="flex flex-wrap gap-x-2 items-baseline">
                <strong>{t(`lifecycle.timeline.kinds.${e.kind}`)}</strong>
                <Detail event={e} />
                {e.syncStatus !== 'synced' && (
                  <Badge variant="warning" size="sm" className="badge-outline">
                    {t('lifecycle.status.waiting')}
                  </Badge>
                )}
              </div>
              {(e.reason || e.note) && <p className="opacity-80">{e.reason ?? e.note}</p>}
              <p className="text-xs opacity-60">
                <time dateTime={e.occurredAt}>{formatDateTime(e.occurredAt)}</time>
                {/* Who, when known: a device does not know who registered a traveller it pulled. */}
                {e.actorName && ` ${t('lifecycle.timeline.by', { name: e.actorName })}`}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
