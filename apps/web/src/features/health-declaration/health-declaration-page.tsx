/**
 * /health-declaration and /health-declaration/:travelerId: the spec's health declaration.
 * Saved on the device through the outbox (works offline); the risk is computed here for the
 * result message and again by the server. Errors show after the first submit, then live.
 */
import {
  pickLocale,
  type RiskLevel,
  riskResultMessageKey,
  SYSTEM_MODE_OPTIONS,
  validateDeclarationForm,
} from '@bh/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Badge } from '../../components/ui/badge.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { submitDeclaration } from '../../db/declarations-repo.ts';
import { discardFileBlob } from '../../db/files-repo.ts';
import { DocumentsSection } from './documents-section.tsx';
import { ContactSection, RiskZonesSection, SymptomsSection } from './exposure-sections.tsx';
import { BasicInfoSection, HealthInfoSection, type SectionProps } from './form-sections.tsx';
import { contactShown, type FileSlot, type FormValues, toFormInput } from './form-values.ts';
import { TravelerPicker } from './traveler-picker.tsx';
import { useDeclarationLoader } from './use-declaration-loader.ts';

const RESULT_ALERT: Record<RiskLevel, string> = {
  low: 'alert-success',
  medium: 'alert-warning',
  high: 'alert-error',
};

export default function HealthDeclarationPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const [search] = useSearchParams();
  const travelerId = params.travelerId ?? search.get('travelerId') ?? '';
  const { mode, initial, existing } = useDeclarationLoader({
    travelerId,
    fullName: search.get('fullName') ?? '',
    passportNumber: search.get('passportNo') ?? '',
  });
  const [values, setValues] = useState<FormValues | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<RiskLevel | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (initial) setValues(initial);
  }, [initial]);

  if (!values || !initial) {
    return <Spinner label={t('declaration.loading')} />;
  }

  const check = validateDeclarationForm(toFormInput(values, mode));
  const errors = submitted && !check.ok ? check.errors : {};
  const errorOf = (field: string) => (errors[field] ? t(errors[field]) : null);
  const set: SectionProps['set'] = (name, value) => {
    setValues((v) => (v ? { ...v, [name]: value } : v));
    setFailed(false);
  };
  const sectionProps: SectionProps = { values, set, errorOf };

  const dropFresh = (slot: FileSlot, keep?: FormValues) => {
    const picked = values[slot];
    if (picked?.fresh && keep?.[slot]?.id !== picked.id) void discardFileBlob(picked.id);
  };
  const onReset = () => {
    dropFresh('testFile', initial);
    dropFresh('vaccinationCertFile', initial);
    setValues(initial);
    setSubmitted(false);
    setFailed(false);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setFailed(false);
    if (!check.ok) {
      // Errors render on this submit; move focus once React has painted them.
      setTimeout(() => document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus(), 0);
      return;
    }
    setBusy(true);
    try {
      const saved = await submitDeclaration(check.value, mode);
      setResult(saved.risk.level);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const modeLabel = SYSTEM_MODE_OPTIONS.find((o) => o.value === mode);
  return (
    <div className="mx-auto w-full max-w-4xl space-y-4">
      <header className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold me-auto">{t('declaration.title')}</h1>
        {modeLabel && (
          <Badge
            variant={mode === 'normal' ? 'neutral' : mode === 'pandemic' ? 'warning' : 'error'}
            data-testid="declaration-mode"
          >
            {t('declaration.mode', { mode: pickLocale(modeLabel.label, i18n.language) })}
          </Badge>
        )}
      </header>
      {existing && (
        <div className="alert alert-info alert-soft" data-testid="declaration-existing">
          {t('declaration.existing')}
        </div>
      )}
      {!travelerId && <TravelerPicker error={errorOf('travelerId')} />}
      <form
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        className="space-y-4"
        data-testid="declaration-form"
      >
        <BasicInfoSection {...sectionProps} />
        <HealthInfoSection {...sectionProps} />
        <SymptomsSection {...sectionProps} />
        {contactShown(mode) && <ContactSection {...sectionProps} />}
        <RiskZonesSection {...sectionProps} />
        <DocumentsSection
          files={{ testFile: values.testFile, vaccinationCertFile: values.vaccinationCertFile }}
          onPick={(slot, file) => {
            dropFresh(slot);
            set(slot, file);
          }}
          onRemove={(slot) => {
            dropFresh(slot);
            set(slot, null);
          }}
        />
        <div className="card bg-base-100 border border-base-300 shadow-sm">
          <div className="card-body p-4 sm:p-6 gap-3">
            <label className="flex items-start gap-3 cursor-pointer">
              <input
                type="checkbox"
                name="commitment"
                className={`checkbox checkbox-primary mt-0.5 ${errors.commitment ? 'checkbox-error' : ''}`}
                checked={values.commitment}
                aria-invalid={Boolean(errors.commitment)}
                onChange={(e) => set('commitment', e.target.checked)}
              />
              <span>{t('declaration.fields.commitment')}</span>
            </label>
            {errors.commitment && (
              <div role="alert" className="alert alert-warning" data-testid="commitment-alert">
                {t(errors.commitment)}
              </div>
            )}
            {failed && (
              <div role="alert" className="alert alert-error" data-testid="submit-failed">
                {t('declaration.errors.submitFailed')}
              </div>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <button type="button" className="btn btn-ghost" onClick={onReset} disabled={busy}>
                {t('declaration.actions.reset')}
              </button>
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                {t('declaration.actions.submit')}
              </button>
            </div>
          </div>
        </div>
      </form>
      <Modal
        open={result !== null}
        onClose={() => navigate('/entry-management')}
        title={t('declaration.resultTitle')}
        closeLabel={t('declaration.actions.close')}
        actions={
          <button type="button" className="btn btn-primary" onClick={() => navigate('/entry-management')}>
            {t('declaration.actions.ok')}
          </button>
        }
      >
        {result && (
          <div
            role="alert"
            className={`alert ${RESULT_ALERT[result]}`}
            data-testid="declaration-result"
            data-level={result}
          >
            {t(riskResultMessageKey(result))}
          </div>
        )}
      </Modal>
    </div>
  );
}
