/**
 * A valid sample (and extra bad inputs) of every schema of the package, for the message coverage test.
 */
import type { z } from 'zod';
import { declarationUpdateSchema } from '../api/declarations.ts';
import { apiErrorSchema } from '../api/errors.ts';
import { syncRecordsQuerySchema, syncRecordsResponseSchema } from '../api/sync.ts';
import {
  importProgressLineSchema,
  travelerDeleteQuerySchema,
  travelerIdParamsSchema,
  travelerImportReportSchema,
  travelerListQuerySchema,
  travelerPageSchema,
  travelerUpdateSchema,
} from '../api/travelers.ts';
import { appStatusSchema } from '../schemas/app-status.ts';
import { fieldIssueSchema, versionSchema } from '../schemas/common.ts';
import {
  bodyTemperatureSchema,
  contactHistorySchema,
  declarationCreateSchema,
  declarationFormSchema,
  declarationInputSchema,
  declarationSchema,
  riskFactorSchema,
  symptomsSchema,
} from '../schemas/declaration.ts';
import { demoFormSchema } from '../schemas/demo-form.ts';
import { fileMetadataSchema } from '../schemas/file.ts';
import { notificationSchema } from '../schemas/notification.ts';
import { pushSubscriptionPayloadSchema, webPushSubscriptionSchema } from '../schemas/push-subscription.ts';
import { DEFAULT_PWA_SETTINGS, pwaSettingsSchema } from '../schemas/pwa-settings.ts';
import {
  systemStatusInputSchema,
  systemStatusRecordSchema,
  systemStatusSchema,
} from '../schemas/system-status.ts';
import { travelerCreateSchema, travelerInputSchema, travelerSchema } from '../schemas/traveler.ts';
import { travelerFiltersSchema } from '../schemas/traveler-filters.ts';
import {
  accountRequestDecisionSchema,
  accountRequestRecordSchema,
  accountRequestSchema,
  avatarInputSchema,
  avatarSchema,
  changePasswordSchema,
  emailSchema,
  loginFormSchema,
  newPasswordSchema,
  personNameSchema,
  profileUpdateSchema,
  registrationFormSchema,
  roleSchema,
  userCreateSchema,
  userRecordSchema,
  userSchema,
  userUpdateSchema,
} from '../schemas/user.ts';
import {
  conflictSchema,
  failedSyncItemSchema,
  localDeclarationSchema,
  localSystemStatusSchema,
  localTravelerSchema,
  localUserSchema,
  syncQueueItemSchema,
  syncStatsSchema,
} from '../sync/local-store.ts';
import {
  changeRangeSchema,
  clientIdSchema,
  MAX_PUSH_MUTATIONS,
  mutationSchema,
  pulledChangeSchema,
  pullQuerySchema,
  pullResponseSchema,
  pushRequestSchema,
  pushResponseSchema,
  pushResultSchema,
  recordDataSchema,
  syncStatusResponseSchema,
} from '../sync/protocol.ts';
import { API_SCHEMA_SAMPLES } from './api-samples.ts';
import * as f from './fixtures.ts';
import { INTAKE_SCHEMA_SAMPLES } from './intake-samples.ts';
import { LIFECYCLE_SCHEMA_SAMPLES } from './lifecycle-samples.ts';
import { POST_SCHEMA_SAMPLES } from './post-samples.ts';
import { REPORT_SCHEMA_SAMPLES } from './report-samples.ts';

const registrationWithoutConfirm = { ...f.validRegistration } as Record<string, unknown>;
delete registrationWithoutConfirm.confirmPassword;
delete registrationWithoutConfirm.terms;

const pushSubscription = {
  subscription: {
    endpoint: 'https://push.example.com/send/abc',
    expirationTime: null,
    keys: {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
  },
  userAgent: 'Mozilla/5.0',
  timestamp: f.NOW,
};

/** [name, schema, valid sample, extra bad inputs] of every schema of the package. */
export const SCHEMA_SAMPLES: readonly (readonly [string, z.ZodType, unknown, readonly unknown[]])[] = [
  [
    'travelerInput',
    travelerInputSchema,
    f.validTravelerInput,
    [{ ...f.validTravelerInput, passportNo: 'AB123456' }],
  ],
  ['travelerCreate', travelerCreateSchema, { id: f.TRAVELER_ID, ...f.validTravelerInput }, []],
  ['traveler', travelerSchema, f.validTraveler, []],
  [
    'travelerListQuery',
    travelerListQuerySchema,
    { fullName: 'an', status: 'pending', page: '2', pageSize: '50', sort: 'fullName', order: 'asc' },
    [{ page: '0' }, { pageSize: '501' }, { sort: 'password' }, { page: '1.5' }, { cursor: 'a b' }],
  ],
  [
    'travelerPage',
    travelerPageSchema,
    { items: [f.validTraveler], total: 1, page: 1, pageSize: 50, nextCursor: null },
    [],
  ],
  ['travelerIdParams', travelerIdParamsSchema, { id: f.TRAVELER_ID }, []],
  ['travelerUpdate', travelerUpdateSchema, { ...f.validTravelerInput, version: 1 }, []],
  ['travelerDeleteQuery', travelerDeleteQuerySchema, { version: '3' }, [{ version: 'x' }]],
  [
    'travelerImportReport',
    travelerImportReportSchema,
    {
      total: 2,
      imported: 1,
      rejected: [{ row: 3, errors: [{ field: 'passportNo', code: 'validation.required' }] }],
    },
    [],
  ],
  [
    'importProgressLine',
    importProgressLineSchema,
    { type: 'progress', processed: 1000, total: 2500 },
    [{ type: 'other' }, { type: 'report', report: {} }, { type: 'error', error: {} }],
  ],
  [
    'travelerFilters',
    travelerFiltersSchema,
    { fullName: 'an', nationality: 'VN', entryDateFrom: '2025-01-01', entryDateTo: '2025-01-31' },
    [{ entryDateFrom: '2025-02-01', entryDateTo: '2025-01-01' }],
  ],
  [
    'declarationForm',
    declarationFormSchema,
    f.validDeclarationForm,
    [
      { ...f.validDeclarationForm, riskZones: ['wuhan', 'wuhan'] },
      { ...f.validDeclarationForm, riskZones: ['wuhan', 'qom', 'daegu', 'lombardy', 'wuhan'] },
    ],
  ],
  ['declarationInput', declarationInputSchema, { ...f.validDeclarationForm, systemMode: 'normal' }, []],
  [
    'declarationUpdate',
    declarationUpdateSchema,
    { ...f.validDeclarationForm, systemMode: 'normal', version: 1 },
    [{ ...f.validDeclarationForm, systemMode: 'normal', version: 0 }],
  ],
  [
    'declarationCreate',
    declarationCreateSchema,
    { id: f.DECLARATION_ID, ...f.validDeclarationForm, systemMode: 'normal' },
    [],
  ],
  ['declaration', declarationSchema, f.validDeclaration, []],
  ['user', userSchema, f.validUser, []],
  [
    'userRecord',
    userRecordSchema,
    { ...f.validUser, version: 1, createdAt: f.NOW, updatedAt: f.NOW, deletedAt: null },
    [],
  ],
  [
    'loginForm',
    loginFormSchema,
    { email: 'a@b.vn', password: 'secret', rememberMe: true },
    [{ email: 'a@b.vn', password: '12345' }],
  ],
  [
    'registrationForm',
    registrationFormSchema,
    f.validRegistration,
    [
      { ...f.validRegistration, confirmPassword: 'Other123' },
      { ...f.validRegistration, password: 'short1', confirmPassword: 'short1' },
      { ...f.validRegistration, password: 'lan-is-my-name', confirmPassword: 'lan-is-my-name' },
    ],
  ],
  ['accountRequest', accountRequestSchema, registrationWithoutConfirm, []],
  [
    'accountRequestRecord',
    accountRequestRecordSchema,
    {
      id: f.USER_ID,
      name: 'Lan',
      email: 'lan@example.vn',
      age: 30,
      gender: 'female',
      status: 'pending',
      createdAt: f.NOW,
      decidedAt: null,
      decidedBy: null,
      postId: null,
    },
    [],
  ],
  ['accountRequestDecision', accountRequestDecisionSchema, { decision: 'approve', role: 'officer' }, []],
  [
    'userCreate',
    userCreateSchema,
    { name: 'Lan', email: 'lan@example.vn', role: 'officer', password: 'Mango-Tide-42', avatar: null },
    [
      { name: 'Lan', email: 'lan@example.vn', role: 'officer', password: 'Tide-42x' },
      {
        name: 'Lan',
        email: 'lan@example.vn',
        role: 'officer',
        password: 'Tide-42x',
        shortPasswordConsent: true,
      },
    ],
  ],
  ['userUpdate', userUpdateSchema, { name: 'Lan', disabled: true }, [{}]],
  [
    'changePassword',
    changePasswordSchema,
    { currentPassword: 'Old12345', newPassword: 'New-river-2026', confirmPassword: 'New-river-2026' },
    [
      {
        currentPassword: 'Same-river-2026',
        newPassword: 'Same-river-2026',
        confirmPassword: 'Same-river-2026',
      },
      { currentPassword: 'Old12345', newPassword: 'New-river-2026', confirmPassword: 'New-river-2027' },
    ],
  ],
  ['profileUpdate', profileUpdateSchema, { name: 'Lan', avatar: 'https://cdn.example.com/a.png' }, [{}]],
  ['systemStatus', systemStatusSchema, f.validSystemStatus, []],
  [
    'systemStatusRecord',
    systemStatusRecordSchema,
    {
      id: 'current',
      ...f.validSystemStatus,
      version: 1,
      createdAt: f.NOW,
      updatedAt: f.NOW,
      deletedAt: null,
    },
    [],
  ],
  ['systemStatusInput', systemStatusInputSchema, { mode: 'normal', statusText: 'ok' }, []],
  [
    'notification',
    notificationSchema,
    {
      id: '1736929800000',
      type: 'info',
      title: 'T',
      message: 'M',
      priority: 'low',
      timestamp: f.NOW,
      read: false,
    },
    [],
  ],
  [
    'appStatus',
    appStatusSchema,
    {
      isOnline: true,
      isInstalled: false,
      canInstall: true,
      syncStatus: 'idle',
      lastSyncTime: f.NOW,
      pendingSyncCount: 2,
      updateAvailable: false,
      dbInitialized: true,
    },
    [],
  ],
  ['pwaSettings', pwaSettingsSchema, DEFAULT_PWA_SETTINGS, []],
  ['pushSubscription', pushSubscriptionPayloadSchema, pushSubscription, []],
  [
    'demoForm',
    demoFormSchema,
    {
      fullName: 'An',
      phone: '0912345678',
      email: 'a@b.vn',
      nationality: 'VN',
      birthDate: '1990-01-01',
      gender: 'male',
      notes: 'n',
      agreement: true,
    },
    [],
  ],
  [
    'fileMetadata',
    fileMetadataSchema,
    {
      id: f.FILE_ID,
      fileType: 'health_test_result',
      kind: 'pdf',
      mimeType: 'application/pdf',
      size: 1000,
      originalName: 'a.pdf',
      sha256: 'a'.repeat(64),
      createdAt: f.NOW,
    },
    [],
  ],
  [
    'mutation',
    mutationSchema,
    f.validMutation,
    [
      { ...f.validMutation, op: 'create' },
      { ...f.validMutation, baseVersion: null },
      { ...f.validMutation, op: 'delete' },
      { ...f.validMutation, data: null },
      { ...f.validMutation, table: 'users', op: 'delete', data: null },
      { ...f.validMutation, table: 'systemStatus' },
    ],
  ],
  [
    'pushRequest',
    pushRequestSchema,
    { clientId: 'device-1234', mutations: [f.validMutation] },
    [
      { clientId: 'device-1234', mutations: [f.validMutation, f.validMutation] },
      {
        clientId: 'device-1234',
        mutations: Array.from({ length: MAX_PUSH_MUTATIONS + 1 }, (_, i) => ({
          ...f.validMutation,
          seq: i + 1,
        })),
      },
    ],
  ],
  [
    'pushResult',
    pushResultSchema,
    {
      seq: 1,
      status: 'rejected',
      version: 2,
      serverRecord: { id: 'x' },
      errors: [{ field: 'fullName', code: 'validation.required' }],
    },
    [],
  ],
  [
    'pushResponse',
    pushResponseSchema,
    { results: [{ seq: 1, status: 'applied', version: 2 }], written: [{ from: 5, to: 9 }] },
    [{ written: [{ from: -1, to: 2 }] }],
  ],
  ['changeRange', changeRangeSchema, { from: 5, to: 9 }, [{ from: 'x', to: 2 }]],
  [
    'pullQuerySkip',
    pullQuerySchema,
    { cursor: '10', limit: '100', skip: '11-20,25-30' },
    [{ skip: '20-11' }, { skip: 'a-b' }],
  ],
  ['pullQuery', pullQuerySchema, { cursor: '10', limit: '100' }, [{ limit: '5001' }, { cursor: '-1' }]],
  [
    'pullResponse',
    pullResponseSchema,
    { changes: [{ table: 'travelers', record: { id: 'x' } }], cursor: 5, hasMore: false, epoch: 'e1' },
    [],
  ],
  [
    'syncStatusResponse',
    syncStatusResponseSchema,
    { serverTime: f.NOW, epoch: 'e1', maxChangeSeq: 5, counts: { travelers: 3 } },
    [],
  ],
  ['syncQueueItem', syncQueueItemSchema, f.validSyncQueueItem, []],
  [
    'localTraveler',
    localTravelerSchema,
    { ...f.validTraveler, version: 0, syncStatus: 'pending', lastModified: 1 },
    [],
  ],
  [
    'localDeclaration',
    localDeclarationSchema,
    { ...f.validDeclaration, syncStatus: 'synced', lastModified: 1 },
    [],
  ],
  [
    'localUser',
    localUserSchema,
    {
      ...f.validUser,
      version: 1,
      createdAt: f.NOW,
      updatedAt: f.NOW,
      deletedAt: null,
      syncStatus: 'synced',
      lastModified: 1,
    },
    [],
  ],
  [
    'localSystemStatus',
    localSystemStatusSchema,
    {
      id: 'current',
      mode: 'pandemic',
      statusText: '',
      version: 1,
      updatedAt: f.NOW,
      activeUsers: 3,
      syncStatus: 'synced',
      lastModified: 1,
    },
    [],
  ],
  [
    'conflict',
    conflictSchema,
    {
      id: 1,
      table: 'travelers',
      recordId: f.TRAVELER_ID,
      localData: {},
      serverData: null,
      conflictType: 'version_mismatch',
      timestamp: 1,
      resolved: 1,
      syncQueueId: 3,
      operation: 'update',
      resolution: 'server_wins',
      resolvedAt: 2,
    },
    [],
  ],
  [
    'failedSyncItem',
    failedSyncItemSchema,
    {
      id: 1,
      originalSyncItem: f.validSyncQueueItem,
      errorType: 'network',
      errorDetails: 'x',
      timestamp: 1,
      canRetry: 1,
    },
    [],
  ],
  [
    'syncStats',
    syncStatsSchema,
    { pendingSync: 1, failedItems: 0, unresolvedConflicts: 0, totalTravelers: 3 },
    [],
  ],
  ['apiError', apiErrorSchema, { error: { code: 'conflict', message: 'errors.conflict', details: {} } }, []],
  ['fieldIssue', fieldIssueSchema, { field: 'a', code: 'validation.required' }, []],
  ['symptoms', symptomsSchema, f.noSymptoms, []],
  ['contactHistory', contactHistorySchema, f.noContacts, []],
  ['bodyTemperature', bodyTemperatureSchema, 36.6, [34.9, 45.1]],
  ['riskFactor', riskFactorSchema, { id: 'fever', points: 2 }, []],
  ['version', versionSchema, 1, []],
  ['email', emailSchema, 'a@b.vn', []],
  ['personName', personNameSchema, 'Lan', []],
  ['newPassword', newPasswordSchema, 'Mango-Tide-42', []],
  ['avatar', avatarSchema, 'https://cdn.example.com/a.png', []],
  [
    'avatarInput',
    avatarInputSchema,
    '/avatars/a.png',
    ['//evil.example/a.png', 'http://cdn.example.com/a.png'],
  ],
  ['role', roleSchema, 'admin', []],
  ['webPushSubscription', webPushSubscriptionSchema, pushSubscription.subscription, []],
  ['clientId', clientIdSchema, 'device-1234', []],
  ['recordData', recordDataSchema, { id: 'x' }, []],
  ['pulledChange', pulledChangeSchema, { table: 'users', record: { id: 'x' } }, []],
  ...API_SCHEMA_SAMPLES,
  ...INTAKE_SCHEMA_SAMPLES,
  ...LIFECYCLE_SCHEMA_SAMPLES,
  ...REPORT_SCHEMA_SAMPLES,
  ...POST_SCHEMA_SAMPLES,
  [
    'syncRecordsQuery',
    syncRecordsQuerySchema,
    { table: 'travelers', ids: `${f.TRAVELER_ID},${f.DECLARATION_ID}` },
    [
      { table: 'travelers', ids: ',' },
      { table: 'travelers', ids: 'x'.repeat(65) },
    ],
  ],
  ['syncRecordsResponse', syncRecordsResponseSchema, { records: [f.validTraveler] }, []],
];
