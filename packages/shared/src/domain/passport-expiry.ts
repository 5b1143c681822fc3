/**
 * The passport's expiry against the planned stay, flagged at the counter (scan review, the
 * traveller's details). Apart from passport.ts so screens that only check passport numbers do
 * not load it.
 */
/** Why a passport needs a look at the counter (shown, never refused: the record is saved). */
export type PassportExpiryWarning = 'expired' | 'expires_during_stay';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' plus `days` calendar days (UTC arithmetic, no time-zone shift); null if not a day. */
function addDays(day: string, days: number): string | null {
  const m = ISO_DAY.exec(day);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days));
  return Number.isNaN(d.getTime()) ? null : d.toISOString().slice(0, 10);
}

/**
 * The passport's expiry against today and the planned stay: 'expired' when it expired before
 * `today`, 'expires_during_stay' when it expires before the stay ends (the entry date plus the
 * stay's length in days; the entry date itself when no length is given), otherwise null. A
 * passport is valid through its expiry day. Form values (strings) and stored records alike;
 * missing or malformed dates give null. `today` is 'YYYY-MM-DD' on the device.
 */
export function passportExpiryWarning(
  traveler: {
    passportExpiry?: string | null;
    entryDate?: string | null;
    durationOfStay?: number | string | null;
  },
  today: string,
): PassportExpiryWarning | null {
  const expiry = traveler.passportExpiry?.trim() ?? '';
  if (!ISO_DAY.test(expiry)) return null;
  if (ISO_DAY.test(today) && expiry < today) return 'expired';
  const entry = traveler.entryDate?.trim() ?? '';
  if (!ISO_DAY.test(entry)) return null;
  const raw = traveler.durationOfStay;
  const text = typeof raw === 'number' ? String(raw) : (raw ?? '').trim();
  const days = /^\d+$/.test(text) ? Number(text) : 0;
  const stayEnds = addDays(entry, days);
  return stayEnds !== null && expiry < stayEnds ? 'expires_during_stay' : null;
}
