/**
 * The Scan slot of the list toolbar: the place the document scanner's button goes. Until the
 * scanner lands it is a placeholder button that says scanning is not available yet (kept in
 * its own file, with a stable name, so the scanner replaces only this component).
 */
import { ScanLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function ScanSlot() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn btn-outline min-h-11 min-w-11 max-sm:btn-square"
      data-testid="scan-button"
      aria-disabled="true"
      title={t('phone.scan.soon')}
      aria-label={`${t('phone.scan.button')} (${t('phone.scan.soon')})`}
      aria-keyshortcuts="s"
      onClick={(e) => e.preventDefault()}
    >
      <ScanLine aria-hidden="true" className="size-5" />
      <span className="max-sm:hidden">{t('phone.scan.button')}</span>
    </button>
  );
}
