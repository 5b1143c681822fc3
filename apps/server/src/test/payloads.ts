/** Request bodies the API tests send, written once so every suite posts the same valid record. */
import { randomUUID } from 'node:crypto';
import { noContacts, noSymptoms } from '@bh/shared/testing';

/** A valid health declaration for traveller `id` (the declaration takes the traveller's id). */
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

/** A valid traveller for POST /api/travelers, with a new id. */
export function travelerPayload(over: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    fullName: 'Nguyễn Văn A',
    passportNo: 'B1234567',
    nationality: 'VN',
    entryDate: '2026-11-20',
    status: 'pending',
    ...over,
  };
}
