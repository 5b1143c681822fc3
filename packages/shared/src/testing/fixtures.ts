/**
 * Valid sample values for tests: used by the shared tests, and by the apps' tests as
 * `@bh/shared/testing` (a separate entry, never part of the app bundles).
 */
import { NO_CONTACT_HISTORY, NO_SYMPTOMS } from '../schemas/declaration.ts';

export const TRAVELER_ID = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
export const DECLARATION_ID = '7a1c2e3f-5b6d-4e7f-9a0b-1c2d3e4f5a6b';
export const USER_ID = '9c8b7a6f-5e4d-4c3b-8a29-180f7e6d5c4b';
export const FILE_ID = '1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9';
export const NOW = '2025-01-15T08:30:00.000Z';

const syncMeta = { version: 1, createdAt: NOW, updatedAt: NOW, deletedAt: null };

export const validTravelerInput = {
  fullName: 'Nguyen Van An',
  passportNo: 'B1234567',
  nationality: 'VN',
  entryDate: '2025-01-15',
  status: 'pending',
  flightNo: 'VN123',
  origin: 'NRT',
  destination: 'SGN',
  gender: 'male',
  birthDate: '1990-05-20',
  note: 'Window seat',
  passportExpiry: '2030-01-01',
  address: '1 Trang Tien, Ha Noi',
  occupation: 'Engineer',
  purposeOfVisit: 'business',
  durationOfStay: 14,
  accommodation: 'Hotel',
  emergencyContact: 'Tran Thi B, 0912345678',
};

export const validTraveler = { id: TRAVELER_ID, ...validTravelerInput, ...syncMeta };

export const noSymptoms = { ...NO_SYMPTOMS };

export const noContacts = { ...NO_CONTACT_HISTORY, notes: null };

/**
 * A valid health-declaration body for traveller `id` (the declaration takes the traveller's id), as
 * the API tests and the browser tests post it.
 */
export function declarationPayload(id: string, over: Record<string, unknown> = {}) {
  return {
    id,
    travelerId: id,
    fullName: 'Nguyễn Văn A',
    passportNumber: 'B1234567',
    phone: '0912345678',
    email: null,
    bodyTemperature: 36.6,
    vaccinationStatus: 'full',
    symptoms: noSymptoms,
    contactHistory: noContacts,
    riskZones: [],
    commitment: true,
    systemMode: 'pandemic',
    ...over,
  };
}

export const validDeclarationForm = {
  travelerId: TRAVELER_ID,
  fullName: 'Nguyen Van An',
  passportNumber: 'B1234567',
  phone: '0912345678',
  email: 'an@example.vn',
  bodyTemperature: 36.6,
  vaccinationStatus: 'full',
  symptoms: noSymptoms,
  contactHistory: noContacts,
  riskZones: [],
  medications: null,
  allergies: null,
  medicalHistory: null,
  testFileId: FILE_ID,
  vaccinationCertFileId: null,
  commitment: true,
};

export const validDeclaration = {
  id: DECLARATION_ID,
  ...validDeclarationForm,
  systemMode: 'pandemic',
  riskScore: 0,
  riskLevel: 'low',
  riskFactors: [{ id: 'fever', points: 2 }],
  ruleVersion: 'risk-v1',
  ...syncMeta,
};

export const validUser = {
  id: USER_ID,
  name: 'Le Van Officer',
  email: 'officer@example.vn',
  role: 'officer',
  avatar: '/avatars/default.png',
  disabled: false,
};

export const validRegistration = {
  name: 'Pham Thi Lan',
  email: 'lan@example.vn',
  password: 'Mango-Tide-42',
  confirmPassword: 'Mango-Tide-42',
  age: 30,
  gender: 'female',
  terms: true,
};

export const validSystemStatus = {
  mode: 'pandemic',
  activeUsers: 15,
  todayEntries: 32,
  pendingCases: 8,
  quarantineCases: 5,
  systemUptime: 99.9,
  lastUpdateTime: NOW,
  statusText: 'OK',
};

export const validMutation = {
  seq: 1,
  table: 'travelers',
  op: 'update',
  id: TRAVELER_ID,
  baseVersion: 1,
  data: { fullName: 'Nguyen Van An' },
};

export const validSyncQueueItem = {
  id: 1,
  operation: 'update',
  table: 'travelers',
  recordId: TRAVELER_ID,
  data: { fullName: 'Nguyen Van An' },
  baseVersion: 1,
  timestamp: 1_736_929_800_000,
  retryCount: 0,
  nextAttemptAt: 1_736_929_800_000,
  lastError: 'errors.network_error',
};

const { status: _status, ...preArrivalTraveler } = validTravelerInput;
const {
  travelerId: _travelerId,
  fullName: _fullName,
  passportNumber: _passportNumber,
  testFileId: _testFileId,
  vaccinationCertFileId: _certFileId,
  ...preArrivalDeclaration
} = validDeclarationForm;

/** A complete pre-arrival submission (every optional traveller field filled). */
export const validPreArrivalSubmission = {
  traveler: preArrivalTraveler,
  declaration: {
    ...preArrivalDeclaration,
    symptoms: { ...noSymptoms, cough: true },
    riskZones: ['daegu'],
    medications: 'Paracetamol 500 mg',
  },
};

/**
 * The consent a version-3 QR payload carries with the submission above (docs/qr-payload.md's
 * second test vector: the submission at post HAN with this consent).
 */
export const validQrConsent = { noticeVersion: '1.1', at: NOW };

/** The body of POST /api/pre-arrivals: the submission above and the traveller's consent. */
export const validPreArrivalSend = {
  ...validPreArrivalSubmission,
  consent: { accepted: true, noticeVersion: '1.1' },
};
