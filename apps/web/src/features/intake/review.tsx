/**
 * Review of a scan before saving: the traveller form prefilled (entry date today when missing;
 * failed MRZ check digits shown on their fields), the scanned declaration, and, when the passport
 * is already registered within a day, the differences field by field with update instead of
 * create, and whether the code carried the traveller's consent to the privacy notice (recorded
 * with the traveller on saving). Saving goes through the local repos and outbox, so it works offline.
 */
import {
  computeRiskScore,
  flightInfoRequired,
  type MrzCheck,
  normalisePassport,
  type TravelerInput,
  validateTravelerForm,
} from '@bh/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorText } from '../../components/form/field-error.ts';
import { validationResolver } from '../../components/form/shared-resolver.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { FormActions } from '../../components/ui/form-actions.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { submitDeclaration } from '../../db/declarations-repo.ts';
import { recordConsent } from '../../db/lifecycle-repo.ts';
import { createTraveler, type LocalTraveler, updateTraveler } from '../../db/travelers-repo.ts';
import { formatTemperature } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { PassportExpiryAlert } from '../travelers/passport-expiry-alert.tsx';
import { useRegistrationPost, withPostRequired } from '../travelers/registration-post.ts';
import { TravelerFormFields } from '../travelers/traveler-form-fields.tsx';
import { useReferenceLists, useSystemMode } from '../travelers/use-travelers.ts';
import { ReviewConsent } from './review-consent.tsx';
import { differences, findLocalDuplicate, reviewValues } from './review-values.ts';
import type { Draft } from './scan-reader.ts';

/** The traveller field each MRZ check digit guards. */
const MRZ_FIELD: Partial<Record<MrzCheck, string>> = {
  documentNumber: 'passportNo',
  birthDate: 'birthDate',
  expiryDate: 'passportExpiry',
};

interface Saved {
  traveler: LocalTraveler;
  updated: boolean;
  declared: boolean;
  /** From the read to the save (kept on the element for the timing tests, not shown). */
  ms: number;
}

/** What was saved, a link to it, and (offline only) that it syncs later. */
function SavedNotice({ saved, online, onDone }: { saved: Saved; online: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const { traveler } = saved;
  const what = saved.declared ? 'withDeclaration' : saved.updated ? 'updated' : 'created';
  return (
    <div className="card bg-base-100 shadow-sm" data-testid="review-saved" data-ms={saved.ms}>
      <div className="card-body gap-3">
        <Alert tone="success">
          <span data-testid="review-saved-text">
            {t(`intake.review.savedWhat.${what}`, { name: traveler.fullName, passport: traveler.passportNo })}
          </span>
        </Alert>
        {!online && (
          <p className="text-sm" data-testid="review-saved-offline">
            {t('intake.review.savedOffline')}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Link
            to={`/entry-management?open=${encodeURIComponent(traveler.id)}`}
            className="btn btn-primary"
            data-testid="review-saved-open"
          >
            {t('intake.review.openSaved')}
          </Link>
          <button type="button" className="btn" onClick={onDone}>
            {t('intake.review.scanAnother')}
          </button>
          <Link to="/entry-management" className="btn btn-ghost">
            {t('intake.review.back')}
          </Link>
        </div>
      </div>
    </div>
  );
}

export function Review({ draft, online, onDone }: { draft: Draft; online: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const mode = useSystemMode();
  const lists = useReferenceLists();
  const user = useSession()?.user;
  // An admin says at which post the traveller arrives (registration-post.ts); an update keeps it.
  const registration = useRegistrationPost();
  const [existing, setExisting] = useState<LocalTraveler | null>(null);
  const postChoices = existing ? [] : registration.choices;
  const { register, handleSubmit, watch, formState } = useForm<
    Record<string, string>,
    unknown,
    TravelerInput
  >({
    resolver: validationResolver((values: Record<string, string>) =>
      withPostRequired(validateTravelerForm(values, mode), values, postChoices.length > 0),
    ),
    defaultValues: {
      ...reviewValues(draft),
      ...(registration.choices.length > 0 ? { entryPostId: registration.preset } : {}),
    },
  });
  const formError = useErrorText(formState.errors);
  const values = watch();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<Saved | null>(null);
  const [failed, setFailed] = useState(false);

  const passportNo = normalisePassport(values.passportNo ?? '');
  const { nationality = '', entryDate = '' } = values;
  useEffect(() => {
    void findLocalDuplicate({ passportNo, nationality, entryDate }).then(setExisting);
  }, [passportNo, nationality, entryDate]);

  const mrzError = (field: string) =>
    draft.mrzFailed.some((check) => MRZ_FIELD[check] === field) ? t('intake.review.mrzCheckFailed') : null;
  const errorOf = (field: string) => formError(field) ?? mrzError(field);

  const save = handleSubmit(async (input) => {
    setBusy(true);
    setFailed(false);
    try {
      const { entryPostId: _post, ...changes } = input;
      const traveler = existing ? await updateTraveler(existing.id, changes) : await createTraveler(input);
      // The consent the code carried, recorded with the traveller (once: none if it holds one).
      if (draft.consent && user)
        await recordConsent(traveler.id, draft.consent, { id: user.id, name: user.name });
      if (draft.declaration) {
        await submitDeclaration(
          {
            ...draft.declaration,
            travelerId: traveler.id,
            fullName: traveler.fullName,
            passportNumber: traveler.passportNo,
            testFileId: null,
            vaccinationCertFileId: null,
          },
          mode,
        );
      }
      setSaved({
        traveler,
        updated: existing !== null,
        declared: draft.declaration !== null,
        ms: Math.round(performance.now() - draft.readAt),
      });
      if (draft.code && online) void api.post(`/api/pre-arrivals/${draft.code}/used`).catch(() => undefined);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  });

  if (saved !== null) return <SavedNotice saved={saved} online={online} onDone={onDone} />;

  const diff = existing ? differences(existing, values) : [];
  const risk = draft.declaration ? computeRiskScore(draft.declaration) : null;
  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={(e) => void save(e)} data-testid="review-form">
      <h2 className="text-xl font-bold">{t('intake.review.title')}</h2>
      {draft.mrzFailed.includes('composite') && (
        <Alert tone="warning">{t('intake.review.mrzComposite')}</Alert>
      )}
      {draft.unknownNationality && (
        <Alert tone="warning">
          {t('intake.review.mrzUnknownCountry', { code: draft.unknownNationality })}
        </Alert>
      )}
      <PassportExpiryAlert traveler={values} />
      {existing && (
        <Alert tone="warning" data-testid="review-duplicate">
          <div className="flex flex-col gap-2">
            <span>
              {t('intake.review.duplicate')} {existing.fullName} ({existing.passportNo}, {existing.entryDate})
            </span>
            {diff.length === 0 ? (
              <span>{t('intake.review.noDifferences')}</span>
            ) : (
              <DataTable
                className="table-xs"
                label={t('intake.review.differences')}
                columns={[t('intake.review.field'), t('intake.review.existing'), t('intake.review.scanned')]}
              >
                {diff.map((d) => (
                  <tr key={d.field}>
                    <td>{t(`travelers.field.${d.field}`)}</td>
                    <td>{d.existing}</td>
                    <td className="font-semibold">{d.scanned}</td>
                  </tr>
                ))}
              </DataTable>
            )}
          </div>
        </Alert>
      )}
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body p-4">
          <TravelerFormFields
            values={values}
            errorOf={errorOf}
            bind={(field) => register(field)}
            lists={lists}
            flightRequired={flightInfoRequired(mode)}
            mode={mode}
            postChoices={postChoices}
          />
        </div>
      </div>
      <section className="card bg-base-100 shadow-sm" data-testid="review-declaration">
        <div className="card-body p-4 gap-1">
          <h3 className="font-semibold">{t('intake.review.declaration')}</h3>
          {draft.declaration && risk ? (
            <dl className="grid grid-cols-2 gap-1 text-sm">
              <dt>{t('intake.review.phone')}</dt>
              <dd>{draft.declaration.phone}</dd>
              <dt>{t('intake.review.temperature')}</dt>
              <dd>{formatTemperature(draft.declaration.bodyTemperature)}</dd>
              <dt>{t('intake.review.risk')}</dt>
              <dd data-testid="review-risk">{t(`declaration.summary.level.${risk.level}`)}</dd>
            </dl>
          ) : (
            <p className="text-sm opacity-80">{t('intake.review.noDeclaration')}</p>
          )}
        </div>
      </section>
      <ReviewConsent draft={draft} />
      {failed && <Alert tone="error">{t('travelers.form.saveError')}</Alert>}
      <FormActions back={t('intake.delete.cancel')} onBack={onDone}>
        <SubmitButton busy={busy} className="btn-primary" data-testid="review-save">
          {existing ? t('intake.review.update') : t('intake.review.create')}
        </SubmitButton>
      </FormActions>
    </form>
  );
}
