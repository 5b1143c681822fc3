/**
 * The login page's notice after a logout that locked (docs/decisions/016-encryption-at-rest.md):
 * whose changes wait on this device and how many. Loaded only when there are some.
 */
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { useLockedFor } from '../../lib/device-owner.ts';

export default function LockedForNotice() {
  const { t } = useTranslation();
  const lockedFor = useLockedFor();
  if (!lockedFor) return null;
  return (
    <Alert tone="warning" data-testid="locked-for">
      {t('lock.waiting', { count: lockedFor.pending, name: lockedFor.name })}
    </Alert>
  );
}
