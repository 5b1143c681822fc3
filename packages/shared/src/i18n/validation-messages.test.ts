import { describe, expect, it } from 'vitest';
import { apiErrorSchema, ERROR_CODES, errorMessageKey } from '../api/errors.ts';
import { checkPassport } from '../domain/passport.ts';
import { appStatusSchema } from '../schemas/app-status.ts';
import { fieldIssueSchema } from '../schemas/common.ts';
import {
  declarationCreateSchema,
  declarationFormSchema,
  declarationInputSchema,
  declarationSchema,
  validateDeclarationForm,
} from '../schemas/declaration.ts';
import { demoFormSchema } from '../schemas/demo-form.ts';
import { checkUploadFile, fileMetadataSchema } from '../schemas/file.ts';
import { notificationSchema } from '../schemas/notification.ts';
import { pushSubscriptionPayloadSchema } from '../schemas/push-subscription.ts';
import { DEFAULT_PWA_SETTINGS, pwaSettingsSchema } from '../schemas/pwa-settings.ts';
import {
  systemStatusInputSchema,
  systemStatusRecordSchema,
  systemStatusSchema,
} from '../schemas/system-status.ts';
import { travelerCreateSchema, travelerInputSchema, travelerSchema } from '../schemas/traveler.ts';
import { travelerFiltersSchema } from '../schemas/traveler-filters.ts';
import { validateTravelerForm } from '../schemas/traveler-form.ts';
import {
  accountRequestDecisionSchema,
  accountRequestRecordSchema,
  accountRequestSchema,
  changePasswordSchema,
  loginFormSchema,
  profileUpdateSchema,
  registrationFormSchema,
  userCreateSchema,
  userRecordSchema,
  userSchema,
  userUpdateSchema,
} from '../schemas/user.ts';
import { issueToMessage } from '../schemas/validate.ts';
import {
  conflictSchema,
  failedSyncItemSchema,
  syncQueueItemSchema,
  syncStatsSchema,
} from '../sync/local-store.ts';
import { validateMutationData } from '../sync/mutation-data.ts';
import {
  MAX_PUSH_MUTATIONS,
  mutationSchema,
  pullQuerySchema,
  pullResponseSchema,
  pushRequestSchema,
  pushResponseSchema,
  pushResultSchema,
  SYNC_OPS,
  SYNC_TABLES,
  syncStatusResponseSchema,
} from '../sync/protocol.ts';
import { classifySyncFailure } from '../sync/retry.ts';
import { badInputs, collectSchemaMessages } from '../testing/collect-messages.ts';
import * as f from '../testing/fixtures.ts';
import { errorCatalogue } from './error-catalogue.ts';
import { infoMessages } from './info-messages.ts';
import { validationMessages } from './validation-messages.ts';

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
const SCHEMAS = [
  [
    'travelerInput',
    travelerInputSchema,
    f.validTravelerInput,
    [{ ...f.validTravelerInput, passportNo: 'AB123456' }],
  ],
  ['travelerCreate', travelerCreateSchema, { id: f.TRAVELER_ID, ...f.validTravelerInput }, []],
  ['traveler', travelerSchema, f.validTraveler, []],
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
      { ...f.validRegistration, password: 'alllower1', confirmPassword: 'alllower1' },
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
    },
    [],
  ],
  ['accountRequestDecision', accountRequestDecisionSchema, { decision: 'approve', role: 'officer' }, []],
  [
    'userCreate',
    userCreateSchema,
    { name: 'Lan', email: 'lan@example.vn', role: 'officer', password: 'Secret123', avatar: null },
    [],
  ],
  ['userUpdate', userUpdateSchema, { name: 'Lan', disabled: true }, [{}]],
  [
    'changePassword',
    changePasswordSchema,
    { currentPassword: 'Old12345', newPassword: 'New12345', confirmPassword: 'New12345' },
    [
      { currentPassword: 'Same1234', newPassword: 'Same1234', confirmPassword: 'Same1234' },
      { currentPassword: 'Old12345', newPassword: 'New12345', confirmPassword: 'New12346' },
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
  ['pushResponse', pushResponseSchema, { results: [{ seq: 1, status: 'applied', version: 2 }] }, []],
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
] as const;

function expectCatalogued(
  keys: Iterable<string>,
  catalogue: Readonly<Record<string, { vi: string; en: string; ja: string }>>,
) {
  for (const key of keys) {
    const text = catalogue[key];
    expect(text, `missing key ${key}`).toBeDefined();
    expect(text?.vi.trim(), `${key}.vi`).not.toBe('');
    expect(text?.en.trim(), `${key}.en`).not.toBe('');
    expect(text?.ja.trim(), `${key}.ja`).not.toBe('');
  }
}

describe('validationMessages covers every key', () => {
  it.each(SCHEMAS.map(([name, schema, valid, extra]) => ({ name, schema, valid, extra })))(
    '$name: valid sample parses and every message of bad input is a catalogued key',
    ({ schema, valid, extra }) => {
      expect(schema.safeParse(valid).error?.issues).toBeUndefined();
      const messages = collectSchemaMessages(schema, valid, extra);
      expect(messages.size).toBeGreaterThan(0);
      expectCatalogued(messages, validationMessages);
    },
  );

  it('the form validators and rules produce catalogued keys only', () => {
    const keys = new Set<string>();
    for (const input of badInputs(f.validTravelerInput)) {
      for (const mode of ['normal', 'pandemic', 'emergency'] as const) {
        const result = validateTravelerForm(input, mode);
        if (!result.ok) for (const key of Object.values(result.errors)) keys.add(key);
      }
    }
    for (const input of badInputs(f.validDeclarationForm)) {
      const result = validateDeclarationForm(input);
      if (!result.ok) for (const key of Object.values(result.errors)) keys.add(key);
    }
    for (const table of SYNC_TABLES) {
      for (const op of SYNC_OPS) {
        for (const data of [null, {}, { fullName: '' }, { mode: 'x' }, 'junk']) {
          const result = validateMutationData(table, op, data);
          if (!result.ok) for (const issue of result.errors) keys.add(issue.code);
        }
      }
    }
    for (const raw of [undefined, 5, '', 'abc', 'A1234567890123', '12345678']) {
      const key = checkPassport(raw, 'VN');
      if (key) keys.add(key);
    }
    for (const file of [
      { name: 'a.exe', type: 'application/x-msdownload', size: 10 },
      { name: 'a.png', type: 'image/png', size: 0 },
      { name: 'a.png', type: 'image/png', size: 6 * 1024 * 1024 },
    ]) {
      const result = checkUploadFile(file);
      if (!result.ok) keys.add(result.error);
    }
    expect(keys.size).toBeGreaterThan(10);
    expectCatalogued(keys, validationMessages);
  });

  it('fallback keys of issueToMessage are catalogued', () => {
    const fallbacks = [
      issueToMessage({ code: 'invalid_type', expected: 'string', path: [], message: 'prose', input: 1 }),
      issueToMessage({
        code: 'too_small',
        origin: 'string',
        minimum: 2,
        path: [],
        message: 'prose',
        input: '',
      }),
      issueToMessage({ code: 'too_big', origin: 'array', maximum: 2, path: [], message: 'prose', input: [] }),
      issueToMessage({ code: 'custom', path: [], message: 'prose', input: 1 }),
    ];
    expectCatalogued(
      fallbacks.map((m) => m.key),
      validationMessages,
    );
  });

  it('placeholders are the same in every language', () => {
    for (const catalogue of [validationMessages, errorCatalogue, infoMessages]) {
      for (const [key, text] of Object.entries(catalogue)) {
        const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
        expect(placeholders(text.vi), key).toEqual(placeholders(text.en));
        expect(placeholders(text.ja), key).toEqual(placeholders(text.en));
      }
    }
  });

  it('uses the spec texts verbatim', () => {
    expect(validationMessages['declaration.errors.fullNameRequired']?.vi).toBe('Họ và tên là bắt buộc');
    expect(validationMessages['declaration.errors.passportNumberRequired']?.vi).toBe(
      'Số hộ chiếu là bắt buộc',
    );
    expect(validationMessages['declaration.errors.phoneRequired']?.vi).toBe('Số điện thoại là bắt buộc');
    expect(validationMessages['declaration.errors.phoneInvalid']?.vi).toBe('Số điện thoại không hợp lệ');
    expect(validationMessages['declaration.errors.emailInvalid']?.vi).toBe('Email không hợp lệ');
    expect(validationMessages['declaration.errors.temperatureRange']?.vi).toBe(
      'Nhiệt độ cơ thể phải từ 35°C đến 45°C',
    );
    expect(validationMessages['declaration.errors.vaccinationStatusRequired']?.vi).toBe(
      'Vui lòng chọn mức độ tiêm chủng',
    );
    expect(validationMessages['declaration.errors.commitmentRequired']?.vi).toBe(
      'Bạn cần cam kết về tính chính xác của thông tin',
    );
    expect(validationMessages['files.errors.tooLarge']?.vi).toBe('File không được vượt quá 5MB');
    expect(validationMessages['files.errors.tooLargeGeneric']?.en).toBe(
      'File(s) too large. Maximum size: 5MB',
    );
    expect(validationMessages['traveler.errors.passportInvalid']?.en).toBe(
      'Invalid passport number (6-12 alphanumeric characters)',
    );
    expect(validationMessages['traveler.errors.incompleteInfo']?.en).toBe(
      'Please provide complete information',
    );
    expect(validationMessages['validation.min_length']?.en).toContain('{{min}}');
  });
});

describe('errorCatalogue', () => {
  it('has the spec texts of the generic errors', () => {
    expect(errorCatalogue['errors.network_error']).toMatchObject({
      en: 'Network connection error',
      vi: 'Lỗi kết nối mạng',
    });
    expect(errorCatalogue['errors.timeout_error']).toMatchObject({
      en: 'Request timeout',
      vi: 'Yêu cầu quá thời gian chờ',
    });
    expect(errorCatalogue['errors.unauthorized']).toMatchObject({
      en: 'You need to login to continue',
      vi: 'Bạn cần đăng nhập để tiếp tục',
    });
    expect(errorCatalogue['errors.forbidden']).toMatchObject({
      en: "You don't have permission to perform this action",
      vi: 'Bạn không có quyền thực hiện thao tác này',
    });
    expect(errorCatalogue['errors.not_found']).toMatchObject({
      en: 'Data not found',
      vi: 'Không tìm thấy dữ liệu',
    });
    expect(errorCatalogue['errors.conflict']).toMatchObject({
      en: 'Data conflict',
      vi: 'Dữ liệu bị xung đột',
    });
    expect(errorCatalogue['errors.validation_error']).toMatchObject({
      en: 'Invalid data',
      vi: 'Dữ liệu không hợp lệ',
    });
    expect(errorCatalogue['errors.server_error']).toMatchObject({
      en: 'Server error, please try again later',
      vi: 'Lỗi máy chủ, vui lòng thử lại sau',
    });
    expect(errorCatalogue['errors.unknown_error']).toMatchObject({
      en: 'An unknown error occurred',
      vi: 'Có lỗi không xác định xảy ra',
    });
    expect(errorCatalogue['sync.errors.offline']?.en).toBe('Cannot sync while offline');
    expect(errorCatalogue['sync.errors.mergedDataRequired']?.en).toBe(
      'Merged data required for manual merge resolution',
    );
    expect(errorCatalogue['sync.errors.itemNotRetryable']?.en).toBe('Item cannot be retried');
    expect(errorCatalogue['sync.errors.downloadOffline']?.en).toBe('Cannot download data while offline');
  });

  it('covers every API error code and every sync failure notice', () => {
    const keys = Object.keys(ERROR_CODES).map(errorMessageKey);
    keys.push('errors.network_error', 'errors.timeout_error', 'errors.unknown_error', 'errors.rate_limited');
    for (const status of [null, 0, 400, 401, 403, 404, 408, 409, 413, 415, 418, 422, 429, 500, 502, 503]) {
      keys.push(classifySyncFailure(status).messageKey, classifySyncFailure(status, true).messageKey);
    }
    expectCatalogued(keys, errorCatalogue);
  });
});
