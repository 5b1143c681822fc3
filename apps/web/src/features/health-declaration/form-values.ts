/**
 * The declaration form's own state (strings as typed) and its conversion to the shared
 * schema's input. Contact history is asked only in pandemic and emergency modes; in normal mode
 * it is sent as "no" (the shared normaliser fills the flags). The zone flags of the contact
 * history follow the risk zones ticked, so both record the same fact.
 */
import {
  RISK_ZONE_OPTIONS,
  type RiskZoneId,
  SYMPTOMS,
  type SymptomId,
  type SystemMode,
  type UploadFileType,
} from '@bh/shared';
import type { LocalDeclaration } from '../../db/declarations-repo.ts';
import { formatDecimal } from '../../i18n/format.ts';

export interface PickedFile {
  id: string;
  name: string;
  size: number;
  /** Picked on this screen and not yet submitted: may be discarded on reset or removal. */
  fresh: boolean;
}

export interface FormValues {
  travelerId: string;
  fullName: string;
  passportNumber: string;
  phone: string;
  email: string;
  bodyTemperature: string;
  vaccinationStatus: string;
  symptoms: Record<SymptomId, boolean>;
  covidContact: boolean;
  visitedAffectedArea: boolean;
  contactNotes: string;
  riskZones: RiskZoneId[];
  medications: string;
  allergies: string;
  medicalHistory: string;
  testFile: PickedFile | null;
  vaccinationCertFile: PickedFile | null;
  commitment: boolean;
}

export type FileSlot = 'testFile' | 'vaccinationCertFile';
export const FILE_SLOT_TYPES: Record<FileSlot, UploadFileType> = {
  testFile: 'health_test_result',
  vaccinationCertFile: 'vaccination_certificate',
};

export const contactShown = (mode: SystemMode) => mode === 'pandemic' || mode === 'emergency';

const noSymptoms = () => Object.fromEntries(SYMPTOMS.map((s) => [s, false])) as Record<SymptomId, boolean>;

export function emptyValues(
  prefill: { travelerId?: string; fullName?: string; passportNumber?: string } = {},
): FormValues {
  return {
    travelerId: prefill.travelerId ?? '',
    fullName: prefill.fullName ?? '',
    passportNumber: prefill.passportNumber ?? '',
    phone: '',
    email: '',
    bodyTemperature: '',
    vaccinationStatus: '',
    symptoms: noSymptoms(),
    covidContact: false,
    visitedAffectedArea: false,
    contactNotes: '',
    riskZones: [],
    medications: '',
    allergies: '',
    medicalHistory: '',
    testFile: null,
    vaccinationCertFile: null,
    commitment: false,
  };
}

/** The form as it was last submitted for this traveller (editing = a new version). */
export function valuesFromDeclaration(
  d: LocalDeclaration,
  files: Partial<Record<FileSlot, PickedFile>>,
): FormValues {
  return {
    ...emptyValues({ travelerId: d.travelerId, fullName: d.fullName, passportNumber: d.passportNumber }),
    phone: d.phone,
    email: d.email ?? '',
    bodyTemperature: formatDecimal(d.bodyTemperature, 1),
    vaccinationStatus: d.vaccinationStatus,
    symptoms: { ...noSymptoms(), ...d.symptoms },
    covidContact: d.contactHistory.covidContact,
    visitedAffectedArea: d.contactHistory.visitedAffectedArea,
    contactNotes: d.contactHistory.notes ?? '',
    riskZones: [...d.riskZones],
    medications: d.medications ?? '',
    allergies: d.allergies ?? '',
    medicalHistory: d.medicalHistory ?? '',
    testFile: files.testFile ?? null,
    vaccinationCertFile: files.vaccinationCertFile ?? null,
  };
}

/** Raw input for `validateDeclarationForm`. */
export function toFormInput(v: FormValues, mode: SystemMode): Record<string, unknown> {
  const zoneFlags = Object.fromEntries(
    RISK_ZONE_OPTIONS.map((z) => [z.contactFlag, v.riskZones.includes(z.value)]),
  );
  const asked = contactShown(mode);
  return {
    travelerId: v.travelerId,
    fullName: v.fullName,
    passportNumber: v.passportNumber,
    phone: v.phone,
    email: v.email,
    bodyTemperature: v.bodyTemperature,
    vaccinationStatus: v.vaccinationStatus || undefined,
    symptoms: v.symptoms,
    contactHistory: {
      covidContact: asked && v.covidContact,
      visitedAffectedArea: asked && v.visitedAffectedArea,
      ...zoneFlags,
      notes: asked ? v.contactNotes : '',
    },
    riskZones: v.riskZones,
    medications: v.medications,
    allergies: v.allergies,
    medicalHistory: v.medicalHistory,
    testFileId: v.testFile?.id ?? '',
    vaccinationCertFileId: v.vaccinationCertFile?.id ?? '',
    commitment: v.commitment,
  };
}
