/**
 * Admin control of the quarantine length: how many days of daily check-ins a quarantine that
 * starts from now on gets (a running quarantine keeps the length it started with, the server
 * stores it on the traveller). The box is days-setting.tsx's.
 */
import { QUARANTINE_DAYS_MAX, QUARANTINE_DAYS_MIN } from '@bh/shared';
import { DaysSetting, type DaysSettingProps } from './days-setting.tsx';

const KIND = {
  field: 'quarantineDays',
  min: QUARANTINE_DAYS_MIN,
  max: QUARANTINE_DAYS_MAX,
  texts: 'quarantineSetting',
  testId: 'quarantine-days',
} as const;

export function QuarantineDaysSetting(props: DaysSettingProps) {
  return <DaysSetting kind={KIND} {...props} />;
}
