/** Valid samples of the reports and audit API schemas (part of SCHEMA_SAMPLES). */
import type { z } from 'zod';
import {
  auditEntrySchema,
  auditPageSchema,
  auditQuerySchema,
  readBatchAnswerSchema,
  readBatchSchema,
  readEventSchema,
} from '../api/audit.ts';
import {
  customReportQuerySchema,
  dailyReportQuerySchema,
  monthlyReportQuerySchema,
  reportSchema,
  weeklyReportQuerySchema,
} from '../api/reports.ts';
import * as f from './fixtures.ts';

const report = {
  period: { kind: 'daily', from: '2025-01-15', to: '2025-01-15', timeZone: 'Asia/Ho_Chi_Minh' },
  arrivals: 2,
  declarations: 1,
  byRiskLevel: { low: 0, medium: 0, high: 1 },
  byStatus: [{ status: 'declared', count: 2 }],
  byNationality: [{ nationality: 'VN', count: 2 }],
  quarantine: { started: 0, active: 1, released: 0, referred: 0, overdue: 0 },
  series: [{ date: '2025-01-15', arrivals: 2, declarations: 1, highRisk: 1 }],
  generatedAt: f.NOW,
};

const auditEntry = {
  id: 1,
  at: f.NOW,
  userId: f.USER_ID,
  userName: 'Lan',
  ip: '127.0.0.1',
  action: 'traveler.update',
  entity: 'traveler',
  entityId: f.TRAVELER_ID,
  oldVersion: 1,
  newVersion: 2,
  oldValues: { status: 'declared' },
  newValues: { status: 'quarantine' },
  details: null,
  userRole: 'officer',
  traveler: { id: f.TRAVELER_ID, fullName: 'Trần Thị Hoa' },
  event: null,
  device: null,
};

const readEvent = { id: f.USER_ID, travelerId: f.TRAVELER_ID, viewed: 'file', fileId: f.USER_ID, at: f.NOW };

export const REPORT_SCHEMA_SAMPLES: readonly (readonly [string, z.ZodType, unknown, readonly unknown[]])[] = [
  ['dailyReportQuery', dailyReportQuerySchema, { date: '2025-01-15' }, [{ date: '2025-02-30' }]],
  [
    'weeklyReportQuery',
    weeklyReportQuerySchema,
    { week: '2026-W53', format: 'csv' },
    [{ week: '2025-W53' }, { week: '2025-13' }],
  ],
  [
    'monthlyReportQuery',
    monthlyReportQuerySchema,
    { month: '2025-02', format: 'xlsx' },
    [{ month: '2025-13' }],
  ],
  [
    'customReportQuery',
    customReportQuerySchema,
    { from: '2025-01-01', to: '2025-12-31' },
    [
      { from: '2025-02-01', to: '2025-01-01' },
      { from: '2024-01-01', to: '2025-01-02' },
    ],
  ],
  ['report', reportSchema, report, []],
  [
    'auditQuery',
    auditQuerySchema,
    {
      userId: f.USER_ID,
      action: 'traveler',
      kind: 'read',
      deviceId: f.USER_ID,
      from: f.NOW,
      to: f.NOW,
      cursor: '10',
      limit: '20',
    },
    [{ from: '2025-02-01T00:00:00Z', to: '2025-01-01T00:00:00Z' }, { limit: '500' }, { kind: 'reads' }],
  ],
  ['auditEntry', auditEntrySchema, auditEntry, []],
  [
    'auditReadEntry',
    auditEntrySchema,
    {
      ...auditEntry,
      action: 'read.declaration',
      oldVersion: null,
      newVersion: null,
      oldValues: null,
      newValues: null,
      details: { viewed: 'declaration' },
      device: { id: f.USER_ID, label: 'Chrome on Android' },
    },
    [],
  ],
  ['readEvent', readEventSchema, readEvent, [{ ...readEvent, viewed: 'passport' }]],
  [
    'readBatch',
    readBatchSchema,
    { events: [readEvent] },
    [{ events: [] }, { events: [readEvent], extra: 1 }],
  ],
  ['readBatchAnswer', readBatchAnswerSchema, { stored: 1, duplicates: 0 }, []],
  ['auditPage', auditPageSchema, { items: [auditEntry], nextCursor: null }, []],
];
