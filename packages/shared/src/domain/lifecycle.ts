/**
 * The traveller status lifecycle: ONE table of allowed transitions, read by the server when it
 * validates a status change (REST and sync), by the app for the buttons it offers, and by
 * docs/lifecycle.md.
 *
 * - `by: 'server'`: only the server makes it (pending -> declared when the traveller's first
 *   declaration is stored). A device never asks for it.
 * - `by: 'officer'`: an officer (or an admin) may ask for it.
 * - Anything else is forbidden, except an admin correction: any status to any other, with a
 *   mandatory reason (a wrong click, a data-entry mistake). Corrections are marked as such in the
 *   timeline.
 * A declaration never moves a traveller backwards: the server only ever moves pending -> declared.
 */
import type { TravelerStatus } from './reference.ts';

export type TransitionActor = 'server' | 'officer';

export interface StatusTransition {
  readonly from: TravelerStatus;
  readonly to: TravelerStatus;
  readonly by: TransitionActor;
}

export const STATUS_TRANSITIONS: readonly StatusTransition[] = [
  { from: 'pending', to: 'declared', by: 'server' },
  { from: 'declared', to: 'tested', by: 'officer' },
  { from: 'declared', to: 'cleared', by: 'officer' },
  { from: 'declared', to: 'quarantine', by: 'officer' },
  { from: 'declared', to: 'rejected', by: 'officer' },
  { from: 'tested', to: 'cleared', by: 'officer' },
  { from: 'tested', to: 'quarantine', by: 'officer' },
  { from: 'tested', to: 'rejected', by: 'officer' },
  { from: 'quarantine', to: 'cleared', by: 'officer' },
  { from: 'quarantine', to: 'referred', by: 'officer' },
];

/**
 * Statuses that end a quarantine (the follow-up schedule stops).
 * @internal Exported for its tests only (knip --production).
 */
export const QUARANTINE_END_STATUSES: readonly TravelerStatus[] = ['cleared', 'referred'];

/** Longest reason of a status change, in characters. */
export const STATUS_REASON_MAX_LENGTH = 500;

/** The transition from -> to of the table, or undefined when the table does not allow it. */
export function findTransition(from: string, to: string): StatusTransition | undefined {
  return STATUS_TRANSITIONS.find((t) => t.from === from && t.to === to);
}

/** The statuses an officer may move a traveller to from `from` (the app's buttons). */
export function officerTransitions(from: string): TravelerStatus[] {
  return STATUS_TRANSITIONS.filter((t) => t.from === from && t.by === 'officer').map((t) => t.to);
}

export interface StatusChangeRequest {
  /** The traveller's status on the server when the change is applied. */
  from: string;
  to: TravelerStatus;
  /** A correction outside the table by an admin or the post's supervisor (needs a reason). */
  correction: boolean;
  reason: string | null | undefined;
  /** The writer's role at the traveller's post (admin, supervisor, officer, analyst). */
  role: string;
}

/**
 * Why a requested status change is refused (an i18n error code), or null when it is allowed.
 * Corrections: admins and the post's supervisors only, to another status, with a non-blank reason.
 */
export function statusChangeError(req: StatusChangeRequest): string | null {
  if (req.correction) {
    if (req.role !== 'admin' && req.role !== 'supervisor') return 'lifecycle.errors.correctionAdminOnly';
    if (!req.reason?.trim()) return 'lifecycle.errors.reasonRequired';
    if (req.from === req.to) return 'lifecycle.errors.transitionForbidden';
    return null;
  }
  return findTransition(req.from, req.to)?.by === 'officer' ? null : 'lifecycle.errors.transitionForbidden';
}
