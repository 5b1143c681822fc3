/** Hooks of the lifecycle views over the local database (they read offline). */
import type { LocalTraveler } from '@bh/shared';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import {
  type Actor,
  attentionList,
  checkInsOf,
  eventsOf,
  quarantineDaysSetting,
  shownStatus,
  withRegistration,
} from '../../db/lifecycle-repo.ts';
import { useSession } from '../../lib/session.ts';
import { useWorkPlace } from '../../lib/work-scope.ts';

/** The logged-in user as the actor of a change, and whether they are an admin. */
/** The signed-in officer; `isAdmin`: may correct a status outside the workflow (an admin, or the post's supervisor). */
export function useActor(): { actor: Actor | null; isAdmin: boolean } {
  const session = useSession();
  const { scope } = useWorkPlace();
  const user = session?.user;
  return {
    actor: user ? { id: user.id, name: user.name } : null,
    isAdmin: user?.role === 'admin' || scope?.role === 'supervisor',
  };
}

/** A traveller's timeline, check-ins and the status to show, live. */
export function useTravelerLifecycle(traveler: LocalTraveler) {
  const stored = useLiveQuery(() => eventsOf(traveler.id), [traveler.id], []);
  const events = useMemo(() => withRegistration(traveler, stored), [traveler, stored]);
  const checkIns = useLiveQuery(() => checkInsOf(traveler.id), [traveler.id], []);
  const quarantineDays = useLiveQuery(() => quarantineDaysSetting(), [], null);
  return { events, checkIns, quarantineDays, shown: shownStatus(traveler, events) };
}

/** The needs-attention list, live (undefined while loading). */
export function useAttentionList() {
  return useLiveQuery(() => attentionList(), []);
}
