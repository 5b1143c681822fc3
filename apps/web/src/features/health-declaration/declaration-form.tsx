/**
 * The declaration form itself, on react-hook-form with `validateDeclarationForm` (packages/shared)
 * as the resolver. The sections are controlled by the form's watched values (file slots, zone
 * lists and symptom maps are not plain inputs). Errors show after the first submit, then follow
 * every change; the first invalid control gets the focus.
 */
import {
  type DeclarationForm as DeclarationFormValue,
  type RiskAssessment,
  riskResultMessageKey,
  type SystemMode,
  validateDeclarationForm,
} from '@bh/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppForm } from '../../components/form/app-form.tsx';
import { useErrorText } from '../../components/form/field-error.ts';
import { validationResolver } from '../../components/form/shared-resolver.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { submitDeclaration } from '../../db/declarations-repo.ts';
import { discardFileBlob } from '../../db/files-repo.ts';
import { useWideScreen } from '../../lib/use-wide-screen.ts';
import { DocumentsSection } from './documents-section.tsx';
import { ContactSection, RiskZonesSection, SymptomsSection } from './exposure-sections.tsx';
import { BasicInfoSection, CommitmentCard, HealthInfoSection, type SectionProps } from './form-sections.tsx';
import { contactShown, type FileSlot, type FormValues, toFormInput } from './form-values.ts';
import { ReviewStep } from './review-step.tsx';
import { RiskVerdict } from './risk-verdict.tsx';
import { Step, StepBar, StepProgress, stepOfFirstError } from './stepper.tsx';
import { TravelerPicker } from './traveler-picker.tsx';

export function DeclarationForm({
  initial,
  mode,
  pickTraveler,
}: {
  initial: FormValues;
  mode: SystemMode;
  /** No traveller in the route: the officer picks one first. */
  pickTraveler: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { handleSubmit, setValue, reset, watch, trigger, formState } = useForm<
    FormValues,
    unknown,
    DeclarationFormValue
  >({
    defaultValues: initial,
    resolver: validationResolver((v: FormValues) => validateDeclarationForm(toFormInput(v, mode))),
    shouldFocusError: false,
  });
  const values = watch();
  const errorOf = useErrorText(formState.errors);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<RiskAssessment | null>(null);
  const [failed, setFailed] = useState(false);
  const stepped = !useWideScreen();
  const [step, setStep] = useState(0);
  const stepProps = { current: step, stepped };
  const goTo = (next: number) => {
    setStep(next);
    window.scrollTo({ top: 0 });
  };

  // The loader found newer starting values (another traveller, a stored declaration).
  useEffect(() => reset(initial), [initial, reset]);

  const set: SectionProps['set'] = (name, value) => {
    setValue(name, value);
    setFailed(false);
    if (formState.isSubmitted) void trigger();
  };
  const sectionProps: SectionProps = { values, set, errorOf };

  const dropFresh = (slot: FileSlot, keep?: FormValues) => {
    const picked = values[slot];
    if (picked?.fresh && keep?.[slot]?.id !== picked.id) void discardFileBlob(picked.id);
  };
  const onReset = () => {
    dropFresh('testFile', initial);
    dropFresh('vaccinationCertFile', initial);
    reset(initial);
    setFailed(false);
  };

  const onSubmit = handleSubmit(
    async (declaration) => {
      setBusy(true);
      try {
        const saved = await submitDeclaration(declaration, mode);
        setResult(saved.risk);
      } catch {
        setFailed(true);
      } finally {
        setBusy(false);
      }
    },
    // Errors render on this submit; open the step of the first (phones) and move focus there
    // once React has painted them.
    () =>
      setTimeout(() => {
        const form = document.querySelector('[data-testid="declaration-form"]');
        const errorStep = stepped && form ? stepOfFirstError(form) : null;
        if (errorStep !== null) setStep(errorStep);
        setTimeout(() => document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus(), 0);
      }, 0),
  );
  const submitButton = (
    <SubmitButton busy={busy} className="btn-primary min-h-11">
      {t('declaration.actions.submit')}
    </SubmitButton>
  );
  const commitmentError = errorOf('commitment');

  return (
    <>
      {pickTraveler && <TravelerPicker error={errorOf('travelerId')} />}
      <AppForm
        onSubmit={onSubmit}
        onStart={() => setFailed(false)}
        className="space-y-4"
        data-testid="declaration-form"
      >
        {stepped && <StepProgress current={step} />}
        <Step name="identity" {...stepProps}>
          <BasicInfoSection {...sectionProps} />
        </Step>
        <Step name="health" {...stepProps}>
          <HealthInfoSection {...sectionProps} />
          <SymptomsSection {...sectionProps} />
        </Step>
        <Step name="contacts" {...stepProps}>
          {contactShown(mode) && <ContactSection {...sectionProps} />}
          <RiskZonesSection {...sectionProps} />
        </Step>
        <Step name="documents" {...stepProps}>
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
        </Step>
        <Step name="review" {...stepProps}>
          <ReviewStep values={values} mode={mode} onEdit={stepped ? goTo : undefined} />
          <CommitmentCard
            checked={values.commitment}
            invalid={Boolean(commitmentError)}
            onChange={(checked) => set('commitment', checked)}
          >
            {commitmentError && (
              <Alert tone="warning" announce="alert" soft={false} data-testid="commitment-alert">
                {commitmentError}
              </Alert>
            )}
            {failed && (
              <Alert tone="error" soft={false} data-testid="submit-failed">
                {t('declaration.errors.submitFailed')}
              </Alert>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <button type="button" className="btn btn-ghost" onClick={onReset} disabled={busy}>
                {t('declaration.actions.reset')}
              </button>
              {!stepped && submitButton}
            </div>
          </CommitmentCard>
        </Step>
        {stepped && <StepBar current={step} onStep={goTo} submit={submitButton} />}
      </AppForm>
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
          <div className="space-y-2">
            <RiskVerdict risk={result} testId="declaration-verdict" />
            {/* The spec's message of the level (docs/spec.md), under the officer's verdict. */}
            <p className="text-sm opacity-80" data-testid="declaration-result" data-level={result.level}>
              {t(riskResultMessageKey(result.level))}
            </p>
          </div>
        )}
      </Modal>
    </>
  );
}
