/**
 * The lifecycle part of the traveller details view: status buttons, quarantine follow-up while
 * in quarantine, and the timeline. Everything reads the local database, so it works offline.
 */
import { addDays, type LocalTraveler, localDate } from '@bh/shared';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge.tsx';
import { EventForm } from './event-form.tsx';
import { QuarantinePanel } from './quarantine-panel.tsx';
import { StatusActions } from './status-actions.tsx';
import { Timeline } from './timeline.tsx';
import { useTravelerLifecycle } from './use-lifecycle.ts';

export function LifecycleSection({ traveler }: { traveler: LocalTraveler }) {
  const { t } = useTranslation();
  const { events, checkIns, quarantineDays, shown } = useTravelerLifecycle(traveler);
  const entered = events.filter((e) => e.toStatus === 'quarantine').at(-1);
  const start = traveler.quarantineStart ?? (entered ? entered.occurredAt.slice(0, 10) : null);
  const days = traveler.quarantineDays ?? quarantineDays;
  const quarantineEnd = start && days ? addDays(start, days - 1) : null;
  return (
    <div data-testid="lifecycle-section">
      {shown.waiting && (
        <Badge variant="warning" size="sm" className="badge-outline mt-2" data-testid="status-waiting">
          {t('lifecycle.status.waiting')}
        </Badge>
      )}
      <StatusActions
        travelerId={traveler.id}
        travelerName={traveler.fullName}
        status={shown.status}
        quarantineEnd={quarantineEnd}
      />
      {shown.status === 'quarantine' && quarantineDays !== null && (
        <QuarantinePanel
          traveler={traveler}
          checkIns={checkIns}
          fallbackStart={entered ? entered.occurredAt.slice(0, 10) : localDate()}
          fallbackDays={quarantineDays}
        />
      )}
      <Timeline events={events} />
      <EventForm travelerId={traveler.id} />
    </div>
  );
}
