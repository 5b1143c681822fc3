/**
 * Add/edit modal. Rules follow the current system mode (flight fields required except in
 * normal mode); saving writes locally through the outbox, so it works offline. After a new
 * traveller is saved the spec's question offers to continue with the health declaration.
 *
 * While an officer edits, the record may change underneath (the sync engine acknowledges a
 * push, or pulls another device's change). Fields the officer has touched keep what was typed;
 * untouched fields follow the stored record; saving writes only the touched fields, so a change
 * made elsewhere to another field is not overwritten by the form's stale copy.
 */
import {
  flightInfoRequired,
  formatMessage,
  TRAVELER_OPTIONAL_FIELDS,
  type TravelerInput,
  validateTravelerForm,
} from '@bh/shared';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../components/form/field-error.ts';
import { validationResolver } from '../../components/form/shared-resolver.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { FormActions } from '../../components/ui/form-actions.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { createTraveler, type LocalTraveler, updateTraveler } from '../../db/travelers-repo.ts';
import { useRegistrationPost, withPostRequired } from './registration-post.ts';
import { type FormValues, TravelerFormFields } from './traveler-form-fields.tsx';
import { useGoToDeclaration } from './traveler-links.ts';
import { useReferenceLists, useSystemMode } from './use-travelers.ts';

/** Every field of the traveller form, in form order (the scan review shows the same). */
export const FORM_FIELDS = [
  'fullName',
  'passportNo',
  'nationality',
  'entryDate',
  'status',
  ...TRAVELER_OPTIONAL_FIELDS,
];

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** The form's values: the stored traveller's, or a new one's (with its post when the form asks it). */
function initialValues(traveler: LocalTraveler | null, post?: string): FormValues {
  if (!traveler)
    return { entryDate: today(), status: 'pending', ...(post === undefined ? {} : { entryPostId: post }) };
  const stored = new Map<string, unknown>(Object.entries(traveler));
  const values: FormValues = {};
  for (const key of FORM_FIELDS) {
    const v = stored.get(key);
    if (v !== null && v !== undefined) values[key] = String(v);
  }
  return values;
}

export function TravelerFormModal({
  open,
  traveler,
  onClose,
}: {
  open: boolean;
  /** null: a new traveller. */
  traveler: LocalTraveler | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const goToDeclaration = useGoToDeclaration(onClose);
  const mode = useSystemMode();
  const lists = useReferenceLists();
  // An admin registering a traveller says at which post (a new traveller only: an edit never moves one).
  const registration = useRegistrationPost();
  const postChoices = traveler ? [] : registration.choices;
  const postPreset = postChoices.length > 0 ? registration.preset : undefined;
  const { register, handleSubmit, reset, setValue, clearErrors, watch, formState } = useForm<
    FormValues,
    unknown,
    TravelerInput
  >({
    // The rules depend on the system mode; the resolver is taken anew on each render.
    resolver: validationResolver((values: FormValues) =>
      withPostRequired(validateTravelerForm(values, mode), values, postChoices.length > 0),
    ),
    defaultValues: initialValues(traveler, postPreset),
    // Errors show on save and a field's error goes when it is edited (no re-check while typing).
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const errorOf = useErrorText(formState.errors);
  const values = watch();
  const [busy, setBusy] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saved, setSaved] = useState<LocalTraveler | null>(null);
  /** Fields the officer has changed since the form opened. */
  const touched = useRef(new Set<string>());
  const travelerId = traveler?.id ?? null;

  // A fresh form when it opens or turns to another traveller.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the traveller's id on purpose
  useEffect(() => {
    if (!open) return;
    touched.current = new Set();
    reset(initialValues(traveler, postPreset));
    setSaveError(null);
    setSaved(null);
  }, [open, travelerId]);

  // The same traveller stored anew: untouched fields follow it, touched ones are kept.
  useEffect(() => {
    if (!open || !traveler) return;
    const stored = initialValues(traveler);
    for (const field of FORM_FIELDS) {
      if (!touched.current.has(field)) setValue(field, stored[field] ?? '');
    }
  }, [open, traveler, setValue]);

  const bind = (field: string) =>
    register(field, {
      onChange: () => {
        touched.current.add(field);
        clearErrors(field);
      },
    });

  const submit = handleSubmit(
    async (value) => {
      setBusy(true);
      setSaveError(null);
      try {
        if (traveler) {
          const changes: Partial<TravelerInput> = Object.fromEntries(
            Object.entries(value).filter(([field]) => touched.current.has(field)),
          );
          if (Object.keys(changes).length > 0) await updateTraveler(traveler.id, changes);
          onClose();
        } else {
          setSaved(await createTraveler(value));
        }
      } catch {
        setSaveError(t('travelers.form.saveError'));
      } finally {
        setBusy(false);
      }
    },
    () => setSaveError(t('travelers.form.fixErrors')),
  );

  if (saved) {
    return (
      <ConfirmDialog
        open={open}
        title={t('travelers.saved.title')}
        confirmLabel={t('travelers.saved.yes')}
        cancelLabel={t('travelers.saved.no')}
        destructive={false}
        onCancel={onClose}
        onConfirm={() => goToDeclaration(saved)}
        confirmTestId="saved-yes"
        cancelTestId="saved-no"
      >
        <p data-testid="saved-question">{formatMessage('traveler.savedConfirm', i18n.language)}</p>
      </ConfirmDialog>
    );
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={traveler ? t('travelers.form.editTitle') : t('travelers.form.addTitle')}
      closeLabel={t('travelers.form.cancel')}
      boxClassName="w-11/12 max-w-4xl"
    >
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="traveler-form">
        <TravelerFormFields
          values={values}
          errorOf={errorOf}
          bind={bind}
          lists={lists}
          flightRequired={flightInfoRequired(mode)}
          mode={mode}
          postChoices={postChoices}
        />
        {saveError && (
          <Alert tone="error" className="mt-3 text-sm">
            {saveError}
          </Alert>
        )}
        <FormActions place="modal" back={t('travelers.form.cancel')} onBack={onClose}>
          <SubmitButton busy={busy} className="btn-primary" data-testid="traveler-save">
            {busy ? t('travelers.form.saving') : t('travelers.form.save')}
          </SubmitButton>
        </FormActions>
      </form>
    </Modal>
  );
}
