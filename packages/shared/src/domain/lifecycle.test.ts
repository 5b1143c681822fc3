import { describe, expect, it } from 'vitest';
import {
  findTransition,
  officerTransitions,
  QUARANTINE_END_STATUSES,
  STATUS_TRANSITIONS,
  statusChangeError,
} from './lifecycle.ts';
import { TRAVELER_STATUSES } from './reference.ts';

const officer = (from: string, to: (typeof TRAVELER_STATUSES)[number]) =>
  statusChangeError({ from, to, correction: false, reason: null, role: 'officer' });

describe('status transition table', () => {
  it('is exactly the lifecycle of the border workflow', () => {
    expect(STATUS_TRANSITIONS.map((t) => `${t.from}>${t.to}:${t.by}`)).toEqual([
      'pending>declared:server',
      'declared>tested:officer',
      'declared>cleared:officer',
      'declared>quarantine:officer',
      'declared>rejected:officer',
      'tested>cleared:officer',
      'tested>quarantine:officer',
      'tested>rejected:officer',
      'quarantine>cleared:officer',
      'quarantine>referred:officer',
    ]);
  });

  it('names only known statuses and has no duplicate or self transition', () => {
    const seen = new Set<string>();
    for (const t of STATUS_TRANSITIONS) {
      expect(TRAVELER_STATUSES).toContain(t.from);
      expect(TRAVELER_STATUSES).toContain(t.to);
      expect(t.from).not.toBe(t.to);
      expect(seen.has(`${t.from}>${t.to}`)).toBe(false);
      seen.add(`${t.from}>${t.to}`);
    }
  });

  it('offers the officer buttons of each status', () => {
    expect(officerTransitions('pending')).toEqual([]);
    expect(officerTransitions('declared')).toEqual(['tested', 'cleared', 'quarantine', 'rejected']);
    expect(officerTransitions('tested')).toEqual(['cleared', 'quarantine', 'rejected']);
    expect(officerTransitions('quarantine')).toEqual(['cleared', 'referred']);
    for (const end of ['cleared', 'rejected', 'referred', 'unknown'])
      expect(officerTransitions(end)).toEqual([]);
  });

  it('ends a quarantine by clearing or referring', () => {
    for (const end of QUARANTINE_END_STATUSES) expect(findTransition('quarantine', end)).toBeDefined();
  });

  it('allows every officer transition of the table and refuses every other pair', () => {
    for (const from of TRAVELER_STATUSES) {
      for (const to of TRAVELER_STATUSES) {
        const allowed = findTransition(from, to)?.by === 'officer';
        expect(officer(from, to)).toBe(allowed ? null : 'lifecycle.errors.transitionForbidden');
      }
    }
  });

  it('never lets a device ask for the server-only pending -> declared', () => {
    expect(officer('pending', 'declared')).toBe('lifecycle.errors.transitionForbidden');
  });

  it('never moves a traveller backwards', () => {
    const order = ['pending', 'declared', 'tested', 'quarantine'];
    for (const t of STATUS_TRANSITIONS) {
      const [a, b] = [order.indexOf(t.from), order.indexOf(t.to)];
      if (a >= 0 && b >= 0) expect(b).toBeGreaterThan(a);
    }
  });

  it('lets an admin correct any status with a reason, and only an admin', () => {
    const fix = (role: string, reason: string | null, from = 'cleared') =>
      statusChangeError({ from, to: 'quarantine', correction: true, reason, role });
    expect(fix('admin', 'Wrong traveller clicked')).toBeNull();
    expect(fix('admin', '  ')).toBe('lifecycle.errors.reasonRequired');
    expect(fix('admin', null)).toBe('lifecycle.errors.reasonRequired');
    expect(fix('officer', 'because')).toBe('lifecycle.errors.correctionAdminOnly');
    expect(fix('admin', 'same', 'quarantine')).toBe('lifecycle.errors.transitionForbidden');
  });
});
