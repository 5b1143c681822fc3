/**
 * How each synced table maps to SQL: its writable columns (for set-based json_to_recordset
 * writes), who may write it, and what the server adds (risk score for declarations).
 */
import { computeRiskScore, declarationInputSchema, type SyncOp, type SyncTable } from '@bh/shared';
import type { AuthUser } from '../../plugins/auth-guard.ts';

type ColumnType = 'text' | 'date' | 'int' | 'float' | 'bool' | 'jsonb' | 'uuid';
export interface ColumnDef {
  key: string;
  col: string;
  type: ColumnType;
}

export interface WritableTable {
  name: SyncTable;
  sqlName: string;
  columns: ColumnDef[];
  /** Which users may write which operations. */
  canWrite(user: AuthUser, op: SyncOp, id: string): boolean;
  /** Server-computed columns added to validated data; may return an error code to reject. */
  prepare?(data: Record<string, unknown>, id: string): Record<string, unknown> | { error: string };
  /** Entity name in the audit trail. */
  auditEntity: string;
  /** Keep the row as it was before an update in audit_events.details.previous (earlier versions). */
  auditPrevious?: boolean;
}

const c = (key: string, col: string, type: ColumnType = 'text'): ColumnDef => ({ key, col, type });

const TRAVELERS: WritableTable = {
  name: 'travelers',
  sqlName: 'travelers',
  auditEntity: 'traveler',
  columns: [
    c('fullName', 'full_name'),
    c('passportNo', 'passport_no'),
    c('nationality', 'nationality'),
    c('entryDate', 'entry_date', 'date'),
    c('flightNo', 'flight_no'),
    c('origin', 'origin'),
    c('destination', 'destination'),
    c('gender', 'gender'),
    c('birthDate', 'birth_date', 'date'),
    c('note', 'note'),
    c('status', 'status'),
    c('passportExpiry', 'passport_expiry', 'date'),
    c('address', 'address'),
    c('occupation', 'occupation'),
    c('purposeOfVisit', 'purpose_of_visit'),
    c('durationOfStay', 'duration_of_stay', 'int'),
    c('accommodation', 'accommodation'),
    c('emergencyContact', 'emergency_contact'),
  ],
  canWrite: () => true,
};

export const HEALTH_DECLARATIONS: WritableTable = {
  name: 'healthDeclarations',
  sqlName: 'health_declarations',
  auditEntity: 'health_declaration',
  auditPrevious: true,
  columns: [
    c('travelerId', 'traveler_id', 'uuid'),
    c('fullName', 'full_name'),
    c('passportNumber', 'passport_number'),
    c('phone', 'phone'),
    c('email', 'email'),
    c('bodyTemperature', 'body_temperature', 'float'),
    c('vaccinationStatus', 'vaccination_status'),
    c('symptoms', 'symptoms', 'jsonb'),
    c('contactHistory', 'contact_history', 'jsonb'),
    c('riskZones', 'risk_zones', 'jsonb'),
    c('medications', 'medications'),
    c('allergies', 'allergies'),
    c('medicalHistory', 'medical_history'),
    c('testFileId', 'test_file_id', 'uuid'),
    c('vaccinationCertFileId', 'vaccination_cert_file_id', 'uuid'),
    c('commitment', 'commitment', 'bool'),
    c('systemMode', 'system_mode'),
    c('riskScore', 'risk_score', 'int'),
    c('riskLevel', 'risk_level'),
    c('riskFactors', 'risk_factors', 'jsonb'),
    c('ruleVersion', 'rule_version'),
  ],
  canWrite: () => true,
  prepare(data, id) {
    // One declaration per traveller: its id is the traveller's id, so two devices declaring
    // the same traveller meet as a version conflict instead of a duplicate row.
    if (data.travelerId !== id) return { error: 'sync.validation.declarationIdMismatch' };
    // `data` already passed this schema (validateMutationData); parsing again types it for the
    // score at the cost of one small object check per declaration.
    const risk = computeRiskScore(declarationInputSchema.parse(data));
    return {
      ...data,
      riskScore: risk.score,
      riskLevel: risk.level,
      riskFactors: risk.factors,
      ruleVersion: risk.ruleVersion,
    };
  },
};

const SYSTEM_STATUS: WritableTable = {
  name: 'systemStatus',
  sqlName: 'system_status',
  auditEntity: 'system_status',
  columns: [c('mode', 'mode'), c('statusText', 'status_text')],
  canWrite: (user, op, id) => user.role === 'admin' && op === 'update' && id === 'current',
};

export const WRITABLE_TABLES: Partial<Record<SyncTable, WritableTable>> = {
  travelers: TRAVELERS,
  healthDeclarations: HEALTH_DECLARATIONS,
  systemStatus: SYSTEM_STATUS,
};

/** Tables a device pulls, in the order their rows are merged by change_seq. */
export const PULLED_TABLES = [TRAVELERS, HEALTH_DECLARATIONS, SYSTEM_STATUS] as const;
