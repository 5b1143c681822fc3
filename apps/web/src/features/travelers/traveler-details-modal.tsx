/**
 * The traveller's page (details modal), leading with what the officer acts on: identity and
 * status, the risk (level, score, factors), the status decision with the allowed next moves
 * (quarantine follow-up, timeline, notes and test results); then flight and other fields and the
 * declaration's answers. One heading per section. Close, delete, go to the health declaration.
 */
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/modal.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { StatRow } from '../../components/ui/stat-row.tsx';
import type { LocalTraveler } from '../../db/travelers-repo.ts';
import { loadLaterTexts } from '../../i18n/index.ts';
import { DeleteTravelerButton } from '../intake/delete-traveler-button.tsx';
import { LifecycleSection } from '../lifecycle/lifecycle-section.tsx';
import { DeclarationSlot } from './declaration-slot.tsx';
import { airportName, countryName, formatDate } from './format.ts';
import { PassportExpiryAlert } from './passport-expiry-alert.tsx';
import { StatusBadge, SyncBadge } from './status-badges.tsx';
import { useGoToDeclaration } from './traveler-links.ts';
import { TravelerPost } from './traveler-post.tsx';
import { useReferenceLists } from './use-travelers.ts';

/** Its code and texts (the later texts, i18n/index.ts) come when a traveller's page first opens. */
const PersonalDataSection = lazy(() =>
  Promise.all([import('../privacy/personal-data-section.tsx'), loadLaterTexts()]).then(([m]) => ({
    default: m.PersonalDataSection,
  })),
);

/** A field of the traveller: its name and value. */
const Row = (props: { label: string; value: ReactNode; testId?: string }) => (
  <StatRow look="detail" {...props} />
);

/** A headed list of plain "label: value" rows (labels are unique within a group). */
function RowGroup({ title, rows }: { title: string; rows: [label: string, value: ReactNode][] }) {
  return (
    <>
      <h3 className="font-semibold mt-3 mb-1">{title}</h3>
      <dl>
        {rows.map(([label, value]) => (
          <Row key={label} label={label} value={value} />
        ))}
      </dl>
    </>
  );
}

export function TravelerDetailsModal({
  traveler,
  onClose,
}: {
  /** undefined while loading, null when not found. */
  traveler: LocalTraveler | null | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const goToDeclaration = useGoToDeclaration(onClose);
  const lists = useReferenceLists();
  // A traveller transferred from this page leaves the device with the sync the transfer starts,
  // often before the officer has read its confirmation: the page keeps them (and the
  // confirmation) until it is closed, instead of saying they are not on this device.
  const [transferred, setTransferred] = useState<LocalTraveler | null>(null);
  const shown = traveler === null && transferred ? transferred : traveler;

  const na = t('travelers.details.na');
  const f = (name: string) => t(`travelers.field.${name}`);
  const orNa = (v: string | number | null | undefined) =>
    v === null || v === undefined || v === '' ? na : v;

  let body: ReactNode;
  if (shown === undefined) body = <Spinner label={t('app.loading')} />;
  else if (shown === null) body = <p>{t('travelers.details.notFound')}</p>;
  else {
    const tr = shown;
    body = (
      <div data-testid="traveler-details">
        <PassportExpiryAlert traveler={tr} />
        <section
          className="rounded-box bg-base-200/60 p-3"
          aria-label={t('travelers.details.basicInfo')}
          data-testid="details-identity"
        >
          <h3 className="text-lg font-bold break-words" data-testid="details-fullName">
            {tr.fullName}
          </h3>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <span className="font-mono" data-testid="details-passportNo">
              {tr.passportNo}
            </span>
            <span>{countryName(lists.countries, tr.nationality, i18n.language)}</span>
            <StatusBadge status={tr.status} />
            <SyncBadge syncStatus={tr.syncStatus} />
          </p>
          <dl className="mt-1">
            <Row
              label={f('birthDate')}
              value={tr.birthDate ? formatDate(tr.birthDate) : na}
              testId="details-birthDate"
            />
            <Row label={f('gender')} value={tr.gender ? t(`travelers.gender.${tr.gender}`) : na} />
          </dl>
          <TravelerPost traveler={tr} onTransferMade={() => setTransferred(tr)} onTransferred={onClose} />
        </section>
        <DeclarationSlot travelerId={tr.id} part="risk" />
        <LifecycleSection traveler={tr} />
        <RowGroup
          title={t('travelers.details.flightInfo')}
          rows={[
            [f('flightNo'), orNa(tr.flightNo)],
            [f('entryDate'), formatDate(tr.entryDate)],
            [f('origin'), tr.origin ? airportName(lists.origins, tr.origin, i18n.language) : na],
            [
              f('destination'),
              tr.destination ? airportName(lists.destinations, tr.destination, i18n.language) : na,
            ],
            [f('note'), orNa(tr.note)],
          ]}
        />
        <RowGroup
          title={t('travelers.details.moreInfo')}
          rows={[
            [f('passportExpiry'), tr.passportExpiry ? formatDate(tr.passportExpiry) : na],
            [f('purposeOfVisit'), tr.purposeOfVisit ? t(`travelers.purpose.${tr.purposeOfVisit}`) : na],
            [f('durationOfStay'), orNa(tr.durationOfStay)],
            [f('occupation'), orNa(tr.occupation)],
            [f('accommodation'), orNa(tr.accommodation)],
            [f('address'), orNa(tr.address)],
            [f('emergencyContact'), orNa(tr.emergencyContact)],
          ]}
        />
        <DeclarationSlot travelerId={tr.id} part="answers" />
        <Suspense fallback={null}>
          <PersonalDataSection traveler={tr} />
        </Suspense>
      </div>
    );
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={t('travelers.details.title')}
      closeLabel={t('travelers.details.close')}
      boxClassName="w-11/12 max-w-2xl"
      actions={
        <>
          <button type="button" className="btn" onClick={onClose} data-testid="details-close">
            {t('travelers.details.close')}
          </button>
          {traveler && <DeleteTravelerButton traveler={traveler} onDeleted={onClose} />}
          {traveler && (
            <button
              type="button"
              className="btn btn-primary"
              data-testid="details-declaration"
              onClick={() => goToDeclaration(traveler)}
            >
              {t('travelers.details.goToDeclaration')}
            </button>
          )}
        </>
      }
    >
      {body}
    </Modal>
  );
}
