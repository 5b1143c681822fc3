/**
 * The Scan slot of the list toolbar: opens the document scanner (QR of a pre-arrival, reference
 * code, passport MRZ; features/intake). The `s` shortcut of the list clicks it.
 */
import { ScanLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function ScanSlot() {
  const { t } = useTranslation();
  return (
    <Link
      to="/intake/scan"
      className="btn btn-outline min-h-11 min-w-11 max-sm:btn-square"
      data-testid="scan-button"
      aria-label={t('phone.scan.button')}
      aria-keyshortcuts="s"
    >
      <ScanLine aria-hidden="true" className="size-5" />
      <span className="max-sm:hidden">{t('phone.scan.button')}</span>
    </Link>
  );
}
