/**
 * /pre-arrival: the public form a traveller fills before arriving (no login; works offline once
 * loaded). On submit it always shows a QR code holding the whole submission (docs/qr-payload.md)
 * and, when online, posts it and shows the short reference code too. Nothing is made or sent
 * until the traveller consents to the privacy notice (privacy-consent.tsx); the post and the QR
 * code carry the consent (docs/decisions/017-retention-and-rights.md).
 */
import {
  encodeQrPayload,
  type FieldErrorParams,
  type FieldErrors,
  preArrivalReceiptSchema,
} from '@bh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { LanguageSwitcher } from '../../components/ui/language-switcher.tsx';
import { ThemeToggle } from '../../components/ui/theme-toggle.tsx';
import {
  ContactSection,
  RiskZonesSection,
  SymptomsSection,
} from '../health-declaration/exposure-sections.tsx';
import {
  BasicInfoSection,
  CommitmentCard,
  HealthInfoSection,
  type SectionProps,
} from '../health-declaration/form-sections.tsx';
import { emptyValues, type FormValues } from '../health-declaration/form-values.ts';
import { emptyTrip, type TripValues, validatePreArrival } from './pre-arrival-values.ts';
import { PrivacyConsent } from './privacy-consent.tsx';
import { consentVersion, usePrivacyNotice } from './privacy-notice.ts';
import { QrCode, qrImageUrl } from './qr-code.tsx';
import { TripSection } from './trip-section.tsx';

type Sent = 'sending' | 'sent' | 'offline' | 'failed';
interface Done {
  text: string;
  code: string | null;
  sent: Sent;
}

async function post(body: unknown): Promise<string | null> {
  const res = await fetch('/api/pre-arrivals', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) return null;
  const receipt = preArrivalReceiptSchema.safeParse(await res.json());
  return receipt.success ? receipt.data.code : null;
}

export default function PreArrivalPage() {
  const { t } = useTranslation();
  const [answers, setAnswers] = useState<FormValues>(() => emptyValues());
  const [trip, setTrip] = useState<TripValues>(emptyTrip);
  const [errors, setErrors] = useState<{ errors: FieldErrors; params: FieldErrorParams } | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const [done, setDone] = useState<Done | null>(null);
  const notice = usePrivacyNotice();
  const [consent, setConsent] = useState(false);
  const [consentMissing, setConsentMissing] = useState(false);

  const recheck = (nextAnswers: FormValues, nextTrip: TripValues) => {
    if (!errors) return;
    const result = validatePreArrival(nextAnswers, nextTrip);
    setErrors(result.ok ? { errors: {}, params: {} } : result);
  };
  const errorOf = (field: string) => {
    const key = errors?.errors[field];
    return key ? t(key, errors?.params[field]) : null;
  };
  const set: SectionProps['set'] = (name, value) => {
    const next = { ...answers, [name]: value };
    setAnswers(next);
    recheck(next, trip);
  };
  const setTripField = (field: keyof TripValues, value: string) => {
    const next = { ...trip, [field]: value };
    setTrip(next);
    recheck(answers, next);
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTooLarge(false);
    const result = validatePreArrival(answers, trip);
    setConsentMissing(!consent);
    if (!result.ok || !consent) {
      if (!result.ok) setErrors(result);
      setTimeout(() => document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus(), 0);
      return;
    }
    setErrors({ errors: {}, params: {} });
    // The code carries the consent (version 3): an officer who registers the traveller from it,
    // offline, records it with the traveller (docs/qr-payload.md).
    const noticeVersion = consentVersion(notice);
    const encoded = await encodeQrPayload(result.value, { noticeVersion, at: new Date().toISOString() });
    if (!encoded.ok) {
      setTooLarge(true);
      return;
    }
    const online = navigator.onLine;
    setDone({ text: encoded.text, code: null, sent: online ? 'sending' : 'offline' });
    if (!online) return;
    // The answer only updates the QR screen still showing this submission (not after "edit").
    const settle = (code: string | null) =>
      setDone((shown) =>
        shown?.text === encoded.text ? { ...shown, code, sent: code ? 'sent' : 'failed' } : shown,
      );
    try {
      settle(await post({ ...result.value, consent: { accepted: true, noticeVersion } }));
    } catch {
      settle(null);
    }
  };

  const sectionProps: SectionProps = { values: answers, set, errorOf };
  const hasErrors = Boolean(errors && Object.keys(errors.errors).length > 0);
  return (
    <main className="min-h-screen bg-base-200 p-3 sm:p-6">
      <div className="max-w-3xl mx-auto flex flex-col gap-4">
        <header className="flex items-start justify-between gap-2 print:hidden">
          <div>
            <h1 className="text-2xl font-bold">{t('intake.preArrival.title')}</h1>
            <p className="opacity-80">{t('intake.preArrival.intro')}</p>
          </div>
          <div className="flex gap-1">
            <LanguageSwitcher />
            <ThemeToggle />
          </div>
        </header>
        {done ? (
          <section className="card bg-base-100 shadow-sm" data-testid="pre-arrival-done">
            <div className="card-body items-center text-center gap-3">
              <h2 className="card-title">{t('intake.preArrival.qrTitle')}</h2>
              <QrCode text={done.text} label={t('intake.preArrival.qrTitle')} />
              {done.code && (
                <p className="text-xl font-mono font-bold" data-testid="pre-arrival-code">
                  {t('intake.preArrival.code', { code: done.code })}
                </p>
              )}
              {done.code && <p className="text-sm opacity-80">{t('intake.preArrival.codeHelp')}</p>}
              {done.sent === 'offline' && <Alert tone="info">{t('intake.preArrival.offlineNoCode')}</Alert>}
              {done.sent === 'failed' && <Alert tone="warning">{t('intake.preArrival.sendFailed')}</Alert>}
              <p className="text-sm">{t('intake.preArrival.qrHelp')}</p>
              <div className="flex flex-wrap gap-2 justify-center print:hidden">
                <a
                  className="btn btn-primary"
                  href={qrImageUrl(done.text)}
                  download="pre-arrival-qr.gif"
                  data-testid="pre-arrival-save"
                >
                  {t('intake.preArrival.saveImage')}
                </a>
                <button type="button" className="btn" onClick={() => window.print()}>
                  {t('intake.preArrival.print')}
                </button>
                <button type="button" className="btn btn-ghost" onClick={() => setDone(null)}>
                  {t('intake.preArrival.again')}
                </button>
              </div>
            </div>
          </section>
        ) : (
          <form
            className="flex flex-col gap-4"
            noValidate
            onSubmit={(e) => void onSubmit(e)}
            data-testid="pre-arrival-form"
          >
            <BasicInfoSection {...sectionProps} />
            <TripSection values={trip} set={setTripField} errorOf={errorOf} />
            <HealthInfoSection {...sectionProps} />
            <SymptomsSection {...sectionProps} />
            <ContactSection {...sectionProps} />
            <RiskZonesSection {...sectionProps} />
            <PrivacyConsent
              notice={notice}
              checked={consent}
              invalid={consentMissing}
              onChange={(checked) => {
                setConsent(checked);
                if (checked) setConsentMissing(false);
              }}
            />
            <CommitmentCard
              checked={answers.commitment}
              invalid={Boolean(errorOf('commitment'))}
              onChange={(checked) => set('commitment', checked)}
            >
              {errorOf('commitment') && <Alert tone="warning">{errorOf('commitment')}</Alert>}
              {hasErrors && <Alert tone="error">{t('intake.preArrival.fixErrors')}</Alert>}
              {tooLarge && <Alert tone="error">{t('intake.preArrival.tooLarge')}</Alert>}
              <button type="submit" className="btn btn-primary self-end" data-testid="pre-arrival-submit">
                {t('intake.preArrival.submit')}
              </button>
            </CommitmentCard>
          </form>
        )}
      </div>
    </main>
  );
}
