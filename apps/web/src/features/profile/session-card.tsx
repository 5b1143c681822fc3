/**
 * This device's session: online or opened offline, until when an offline sign-in stays
 * possible, and the setting of how many days that is (0 turns it off and forgets the verifier).
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { formatDateTime } from '../../i18n/format.ts';
import type { SessionUser } from '../../lib/session.ts';
import { IDLE_LOCK_CHOICES, idleLockMinutes, setIdleLockMinutes } from '../auth/idle-lock.ts';
import { OFFLINE_TOKEN } from '../auth/offline-session.ts';
import {
  OFFLINE_DAY_CHOICES,
  offlineDays,
  offlineSignInUntil,
  setOfflineDays,
} from '../auth/offline-verifier.ts';

export function SessionCard({ user, token }: { user: SessionUser; token: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [days, setDays] = useState(offlineDays);
  const [idle, setIdle] = useState(idleLockMinutes);
  const until = days > 0 ? offlineSignInUntil(user.email) : null;
  return (
    <SectionCard id={`${id}-title`} title={t('profile.sessions.title')} gap="gap-3" testId="session-card">
      <p className="text-sm" data-testid="session-kind">
        {token === OFFLINE_TOKEN ? t('profile.sessions.thisDeviceOffline') : t('profile.sessions.thisDevice')}
      </p>
      <p className="text-sm" data-testid="offline-until">
        {until
          ? t('profile.sessions.offlineUntil', { when: formatDateTime(until) })
          : t('profile.sessions.offlineNone')}
      </p>
      <label htmlFor={`${id}-days`} className="text-sm font-medium">
        {t('profile.sessions.daysLabel')}
      </label>
      <select
        id={`${id}-days`}
        className="select w-full max-w-72 min-h-11"
        value={days}
        data-testid="offline-days"
        onChange={(e) => {
          const next = Number(e.target.value);
          setOfflineDays(next);
          setDays(next);
        }}
      >
        {OFFLINE_DAY_CHOICES.map((n) => (
          <option key={n} value={n}>
            {n === 0 ? t('profile.sessions.daysOff') : t('profile.sessions.days', { count: n })}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-idle`} className="text-sm font-medium">
        {t('lock.idle.label')}
      </label>
      <select
        id={`${id}-idle`}
        className="select w-full max-w-72 min-h-11"
        value={idle}
        data-testid="idle-lock"
        aria-describedby={`${id}-idle-hint`}
        onChange={(e) => {
          const next = Number(e.target.value);
          setIdleLockMinutes(next);
          setIdle(next);
        }}
      >
        {IDLE_LOCK_CHOICES.map((n) => (
          <option key={n} value={n}>
            {n === 0 ? t('lock.idle.never') : t('lock.idle.minutes', { count: n })}
          </option>
        ))}
      </select>
      <p id={`${id}-idle-hint`} className="text-xs opacity-80">
        {t('lock.idle.hint')}
      </p>
      <p className="text-xs opacity-80">{t('profile.sessions.otherDevices')}</p>
    </SectionCard>
  );
}
