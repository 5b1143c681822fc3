/**
 * Admin control of the N-days lock (issue 33 point 4): after how many days without reaching the
 * server a device locks and needs an online sign-in. Devices learn it at their next sign-in or
 * refresh (and from the status they poll). The box is days-setting.tsx's.
 */
import { OFFLINE_LOCK_DAYS_MAX, OFFLINE_LOCK_DAYS_MIN } from '@bh/shared';
import { DaysSetting, type DaysSettingProps } from './days-setting.tsx';

const KIND = {
  field: 'offlineLockDays',
  min: OFFLINE_LOCK_DAYS_MIN,
  max: OFFLINE_LOCK_DAYS_MAX,
  texts: 'offlineLockSetting',
  testId: 'offline-lock-days',
} as const;

export function OfflineLockDaysSetting(props: DaysSettingProps) {
  return <DaysSetting kind={KIND} {...props} />;
}
