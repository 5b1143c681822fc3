/**
 * A passport expired, or expiring before the planned stay ends (shared rule
 * passportExpiryWarning): shown in the scan review and the traveller's details. The record is
 * saved all the same; the officer sees it at the counter.
 */
import { passportExpiryWarning } from '@bh/shared';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { formatDate } from '../../i18n/format.ts';
import { deviceToday } from '../../lib/today.ts';

export function PassportExpiryAlert({
  traveler,
}: {
  traveler: {
    passportExpiry?: string | null;
    entryDate?: string | null;
    durationOfStay?: number | string | null;
  };
}) {
  const { t } = useTranslation();
  const warning = passportExpiryWarning(traveler, deviceToday());
  if (!warning) return null;
  return (
    <Alert
      tone={warning === 'expired' ? 'error' : 'warning'}
      announce="status"
      data-testid="passport-expiry-warning"
      data-warning={warning}
    >
      <span>{t(`travelers.passportExpiry.${warning}`, { date: formatDate(traveler.passportExpiry) })}</span>
    </Alert>
  );
}
