/**
 * Above the review of a zone read from a picture: the officer is told that it came from OCR and
 * how many characters the check digits corrected, so nothing read by the camera is saved unseen.
 * Check digits that still fail are shown on their fields by the review itself.
 */
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import type { MrzRead } from './mrz-reader.ts';

export function OcrNotice({ read }: { read: MrzRead }) {
  const { t } = useTranslation();
  return (
    <Alert
      tone={read.corrections > 0 || read.failed.length > 0 ? 'warning' : 'info'}
      data-testid="ocr-notice"
      data-corrections={read.corrections}
    >
      <span>
        {t('intake.scan.ocrNotice')}
        {read.corrections > 0 && ` ${t('intake.scan.ocrCorrected', { count: read.corrections })}`}
      </span>
    </Alert>
  );
}
