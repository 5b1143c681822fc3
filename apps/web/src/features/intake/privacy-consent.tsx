/**
 * The pre-arrival form's privacy notice and consent (issue 33 point 7): what is collected, why,
 * for how long (the retention setting), who answers questions (the contact), and the box the
 * traveller must tick before the form makes a QR code or sends anything.
 */
import type { PrivacyNotice } from '@bh/shared';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { consentVersion } from './privacy-notice.ts';

export function PrivacyConsent({
  notice,
  checked,
  invalid,
  onChange,
}: {
  notice: PrivacyNotice | null;
  checked: boolean;
  invalid: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <section
      className="card bg-base-100 border border-base-300 shadow-sm"
      aria-labelledby="privacy-notice-title"
      data-testid="privacy-consent"
    >
      <div className="card-body p-4 sm:p-6 gap-2">
        <h2 id="privacy-notice-title" className="card-title text-lg">
          {t('dataPrivacy.notice.title')}
        </h2>
        <p>{t('dataPrivacy.notice.what')}</p>
        <p>{t('dataPrivacy.notice.why')}</p>
        <p data-testid="privacy-retention">
          {notice
            ? t('dataPrivacy.notice.howLong', { count: notice.retentionMonths })
            : t('dataPrivacy.notice.howLongUnknown')}
        </p>
        <p>{t('dataPrivacy.notice.rights')}</p>
        <p data-testid="privacy-contact">
          {notice?.contact
            ? t('dataPrivacy.notice.contact', { contact: notice.contact })
            : t('dataPrivacy.notice.contactUnknown')}
        </p>
        <p className="text-xs opacity-70">
          {t('dataPrivacy.notice.version', { version: consentVersion(notice) })}
        </p>
        <label className="flex items-start gap-3 cursor-pointer mt-2">
          <input
            type="checkbox"
            name="consent"
            className={`checkbox checkbox-primary mt-0.5 ${invalid ? 'checkbox-error' : ''}`}
            checked={checked}
            aria-invalid={invalid}
            aria-describedby={invalid ? 'privacy-consent-error' : undefined}
            onChange={(e) => onChange(e.target.checked)}
            data-testid="privacy-consent-box"
          />
          <span className="font-medium">{t('dataPrivacy.notice.agree')}</span>
        </label>
        {invalid && (
          <div id="privacy-consent-error">
            <Alert tone="warning">{t('privacy.errors.consentRequired')}</Alert>
          </div>
        )}
      </div>
    </section>
  );
}
