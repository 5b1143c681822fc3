/**
 * Details modal: basic info (birth date N/A when missing), flight info, note, other fields,
 * the lifecycle (status buttons from the transition table, quarantine follow-up, timeline), the
 * traveller's health declaration; close and go to the health declaration.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/modal.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { StatRow } from '../../components/ui/stat-row.tsx';
import type { LocalTraveler } from '../../db/travelers-repo.ts';
import { DeleteTravelerButton } from '../intake/delete-traveler-button.tsx';
import { LifecycleSection } from '../lifecycle/lifecycle-section.tsx';
import { DeclarationSlot } from './declaration-slot.tsx';
import { countryName, formatDate } from './format.ts';
import { PassportExpiryAlert } from './passport-expiry-alert.tsx';
import { StatusBadge, SyncBadge } from './status-badges.tsx';
import { useGoToDeclaration } from './traveler-links.ts';
import { useReferenceLists } from './use-travelers.ts';

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

  const na = t('travelers.details.na');
  const f = (name: string) => t(`travelers.field.${name}`);
  const orNa = (v: string | number | null | undefined) =>
    v === null || v === undefined || v === '' ? na : v;

  let body: ReactNode;
  if (traveler === undefined) body = <Spinner label={t('app.loading')} />;
  else if (traveler === null) body = <p>{t('travelers.details.notFound')}</p>;
  else {
    const tr = traveler;
    body = (
      <div data-testid="traveler-details">
        <PassportExpiryAlert traveler={tr} />
        <h3 className="font-semibold mt-1 mb-1">{t('travelers.details.basicInfo')}</h3>
        <dl>
          <Row label={f('fullName')} value={tr.fullName} testId="details-fullName" />
          <Row
            label={f('birthDate')}
            value={tr.birthDate ? formatDate(tr.birthDate) : na}
            testId="details-birthDate"
          />
          <Row label={f('gender')} value={tr.gender ? t(`travelers.gender.${tr.gender}`) : na} />
          <Row label={f('nationality')} value={countryName(lists.countries, tr.nationality, i18n.language)} />
          <Row
            label={f('passportNo')}
            value={<span className="font-mono">{tr.passportNo}</span>}
            testId="details-passportNo"
          />
          <Row
            label={f('status')}
            value={
              <span className="flex gap-1 flex-wrap">
                <StatusBadge status={tr.status} />
                <SyncBadge syncStatus={tr.syncStatus} />
              </span>
            }
          />
        </dl>
        <RowGroup
          title={t('travelers.details.flightInfo')}
          rows={[
            [f('flightNo'), orNa(tr.flightNo)],
            [f('entryDate'), formatDate(tr.entryDate)],
            [f('origin'), orNa(tr.origin)],
            [f('destination'), orNa(tr.destination)],
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
        <LifecycleSection traveler={tr} />
        <DeclarationSlot travelerId={tr.id} />
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
