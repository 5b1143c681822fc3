/**
 * What the review says of the traveller's consent to the privacy notice
 * (docs/decisions/017-retention-and-rights.md): a pre-arrival code of version 3 (or a reference
 * code whose submission the server holds) carries it, and saving records it with the traveller;
 * an older code carries none, and the officer is told that none is recorded with it. A passport
 * read says nothing of consent.
 */
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { formatDateTime } from '../../i18n/format.ts';
import type { Draft } from './scan-reader.ts';

export function ReviewConsent({ draft }: { draft: Pick<Draft, 'preArrival' | 'consent'> }) {
  const { t } = useTranslation();
  if (!draft.preArrival) return null;
  const { consent } = draft;
  return consent ? (
    <Alert tone="info" data-testid="review-consent" data-state="given">
      {t('intake.review.consent.given', {
        date: formatDateTime(consent.at),
        version: consent.noticeVersion,
      })}
    </Alert>
  ) : (
    <Alert tone="warning" data-testid="review-consent" data-state="missing">
      {t('intake.review.consent.missing')}
    </Alert>
  );
}
