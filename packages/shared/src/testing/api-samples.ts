/**
 * Valid samples of the API request and answer schemas of auth, users, system status,
 * notifications, push, config and health (part of SCHEMA_SAMPLES).
 */
import type { z } from 'zod';
import {
  authAnswerSchema,
  demoModeSchema,
  loginRequestSchema,
  logoutQuerySchema,
  profileAnswerSchema,
  registerAnswerSchema,
  sessionUserSchema,
} from '../api/auth.ts';
import {
  airportListsSchema,
  countryListSchema,
  currencyListSchema,
  flightSuggestionListSchema,
  languageListSchema,
} from '../api/config.ts';
import { deviceKeySchema, deviceLabelSchema, deviceListSchema, deviceSchema } from '../api/devices.ts';
import { healthAnswerSchema } from '../api/health.ts';
import {
  notificationListSchema,
  notificationReadSchema,
  notificationsDeletedSchema,
  notificationsUpdatedSchema,
  notificationViewSchema,
} from '../api/notifications.ts';
import {
  pushMessageSchema,
  pushPublicKeySchema,
  pushSubscriptionDeletedSchema,
  pushSubscriptionDeleteSchema,
  pushSubscriptionListSchema,
  pushSubscriptionSavedSchema,
  pushSubscriptionViewSchema,
} from '../api/push.ts';
import {
  systemStatusAnswerSchema,
  systemStatusQuerySchema,
  systemStatusUpdateSchema,
} from '../api/system-status.ts';
import {
  accountRequestDecisionAnswerSchema,
  accountRequestListSchema,
  accountRequestsQuerySchema,
  adminUserAnswerSchema,
  adminUserSchema,
  idParamsSchema,
  userListSchema,
} from '../api/users.ts';
import * as f from './fixtures.ts';

const sessionUser = { id: f.USER_ID, name: 'Lan', email: 'lan@example.vn', role: 'officer', avatar: null };
const adminUser = {
  ...sessionUser,
  title: null,
  disabled: false,
  version: 1,
  createdAt: f.NOW,
  updatedAt: f.NOW,
};
const accountRequest = {
  id: f.USER_ID,
  name: 'Lan',
  email: 'lan@example.vn',
  age: 30,
  gender: 'female',
  status: 'approved',
  createdAt: f.NOW,
  decidedAt: f.NOW,
  decidedBy: f.USER_ID,
  postId: f.USER_ID,
};
const notification = {
  id: f.USER_ID,
  type: 'warning',
  title: 'notifications.seed.maintenanceTitle',
  message: 'notifications.seed.maintenanceMessage',
  params: { time: '2:00', count: 2 },
  priority: 'medium',
  timestamp: f.NOW,
  read: false,
};
const device = {
  id: f.USER_ID,
  label: 'Chrome on Android',
  createdAt: f.NOW,
  lastSeenAt: f.NOW,
  revokedAt: null,
  userId: f.USER_ID,
  userName: 'Officer',
  current: true,
};
const city = { vi: 'Hà Nội', en: 'Hanoi', ja: 'ハノイ' };

export const API_SCHEMA_SAMPLES: readonly (readonly [string, z.ZodType, unknown, readonly unknown[]])[] = [
  ['demoMode', demoModeSchema, { demo: true }, []],
  ['loginRequest', loginRequestSchema, { email: 'a@b.vn', password: 'x', rememberMe: false }, []],
  ['sessionUser', sessionUserSchema, sessionUser, []],
  ['logoutQuery', logoutQuerySchema, { keep: 'pending' }, []],
  ['deviceLabel', deviceLabelSchema, 'Chrome on Android', []],
  ['device', deviceSchema, device, []],
  ['deviceList', deviceListSchema, { items: [device] }, []],
  [
    'deviceKey',
    deviceKeySchema,
    { deviceId: '6f1c2a52-6f5e-4a8e-9d0b-1c2d3e4f5a6b', key: 'A'.repeat(43) },
    [{ deviceId: '6f1c2a52-6f5e-4a8e-9d0b-1c2d3e4f5a6b', key: 'short' }],
  ],
  [
    'authAnswer',
    authAnswerSchema,
    {
      user: sessionUser,
      token: 'a.b.c',
      scope: {
        role: 'officer',
        postId: f.USER_ID,
        posts: [f.USER_ID],
        readPosts: [f.USER_ID],
        key: 'post:x',
      },
      offlineLockDays: 14,
    },
    [],
  ],
  ['profileAnswer', profileAnswerSchema, { user: { ...sessionUser, title: 'quarantine officer' } }, []],
  ['registerAnswer', registerAnswerSchema, { status: 'received' }, []],
  ['idParams', idParamsSchema, { id: f.USER_ID }, []],
  ['adminUser', adminUserSchema, adminUser, []],
  ['userList', userListSchema, { users: [adminUser] }, []],
  ['adminUserAnswer', adminUserAnswerSchema, { user: adminUser }, []],
  ['accountRequestsQuery', accountRequestsQuerySchema, { status: 'pending' }, []],
  ['accountRequestList', accountRequestListSchema, { requests: [accountRequest] }, []],
  [
    'accountRequestDecisionAnswer',
    accountRequestDecisionAnswerSchema,
    { request: accountRequest, user: adminUser },
    [],
  ],
  ['systemStatusQuery', systemStatusQuerySchema, { today: '2025-01-31' }, []],
  ['systemStatusUpdate', systemStatusUpdateSchema, { mode: 'normal', statusText: 'ok', version: 3 }, []],
  [
    'systemStatusAnswer',
    systemStatusAnswerSchema,
    {
      id: 'current',
      mode: 'pandemic',
      statusText: '',
      version: 1,
      updatedAt: f.NOW,
      activeUsers: 1,
      todayEntries: 2,
      pendingCases: 3,
      quarantineCases: 0,
      quarantineDays: 14,
      offlineLockDays: 14,
      systemUptimeSeconds: 60,
      lastUpdateTime: f.NOW,
    },
    [],
  ],
  ['notificationView', notificationViewSchema, notification, []],
  ['notificationList', notificationListSchema, { items: [notification], unreadCount: 1 }, []],
  ['notificationsUpdated', notificationsUpdatedSchema, { updated: 2 }, []],
  ['notificationsDeleted', notificationsDeletedSchema, { deleted: 0 }, []],
  ['notificationRead', notificationReadSchema, { ok: true }, []],
  ['pushPublicKey', pushPublicKeySchema, { publicKey: 'BNc' }, []],
  ['pushSubscriptionSaved', pushSubscriptionSavedSchema, { id: f.USER_ID }, []],
  ['pushSubscriptionDelete', pushSubscriptionDeleteSchema, { endpoint: 'https://push.example.com/a' }, []],
  ['pushSubscriptionDeleted', pushSubscriptionDeletedSchema, { deleted: 1 }, []],
  [
    'pushSubscriptionView',
    pushSubscriptionViewSchema,
    { id: f.USER_ID, endpoint: 'https://push.example.com/a', userAgent: null, createdAt: f.NOW },
    [],
  ],
  ['pushSubscriptionList', pushSubscriptionListSchema, { items: [] }, []],
  [
    'pushMessage',
    pushMessageSchema,
    { type: 'mode-changed', titleKey: 'modeChanged', params: { mode: 'emergency' }, url: '/' },
    [],
  ],
  [
    'countryList',
    countryListSchema,
    { items: [{ code: 'VN', name: { vi: 'Việt Nam', en: 'Vietnam', ja: 'ベトナム' } }] },
    [],
  ],
  ['languageList', languageListSchema, { items: [{ code: 'vi', name: 'Tiếng Việt' }] }, []],
  ['currencyList', currencyListSchema, { items: [{ code: 'VND', symbol: '₫' }] }, []],
  [
    'airportLists',
    airportListsSchema,
    { origins: [{ code: 'HAN', name: 'Noi Bai', city }], destinations: [] },
    [],
  ],
  ['flightSuggestionList', flightSuggestionListSchema, { items: ['VN123'] }, []],
  ['healthAnswer', healthAnswerSchema, { status: 'ok', db: 'pglite', version: '1.0.0' }, []],
];
