import { describe, expect, it } from 'vitest';
import { NOW, validSystemStatus } from '../testing/fixtures.ts';
import { initialAppStatus } from './app-status.ts';
import { notificationSchema } from './notification.ts';
import { pushSubscriptionPayloadSchema } from './push-subscription.ts';
import {
  initialSystemStatus,
  modeBadgeVariant,
  systemStatusInputSchema,
  systemStatusRecordSchema,
  systemStatusSchema,
} from './system-status.ts';

describe('system status', () => {
  it('maps modes to badge variants', () => {
    expect(modeBadgeVariant('normal')).toBe('success');
    expect(modeBadgeVariant('pandemic')).toBe('error');
    expect(modeBadgeVariant('emergency')).toBe('warning');
    expect(modeBadgeVariant('other')).toBe('neutral');
    expect(modeBadgeVariant(undefined)).toBe('neutral');
  });

  it('starts in pandemic mode with the spec figures', () => {
    const status = initialSystemStatus(NOW);
    expect(status).toMatchObject({ mode: 'pandemic', activeUsers: 15, todayEntries: 32, pendingCases: 8 });
    expect(systemStatusSchema.safeParse(status).success).toBe(true);
  });

  it('the record has id current; the input only the mode and text', () => {
    const record = {
      id: 'current',
      ...validSystemStatus,
      version: 3,
      createdAt: NOW,
      updatedAt: NOW,
      deletedAt: null,
    };
    expect(systemStatusRecordSchema.safeParse(record).success).toBe(true);
    expect(systemStatusRecordSchema.safeParse({ ...record, id: 'other' }).success).toBe(false);
    expect(systemStatusInputSchema.safeParse({ mode: 'emergency' }).success).toBe(true);
    expect(systemStatusInputSchema.safeParse({ mode: 'emergency', activeUsers: 3 }).success).toBe(false);
    expect(systemStatusInputSchema.safeParse({ mode: 'lockdown' }).success).toBe(false);
  });
});

describe('other entities', () => {
  it('app status starts idle and not initialised', () => {
    expect(initialAppStatus(false)).toMatchObject({
      isOnline: false,
      syncStatus: 'idle',
      pendingSyncCount: 0,
    });
  });

  it('notifications have a type and a priority', () => {
    const notification = {
      id: '1',
      type: 'warning',
      title: 'T',
      message: '',
      priority: 'medium',
      timestamp: NOW,
      read: false,
    };
    expect(notificationSchema.safeParse(notification).success).toBe(true);
    expect(notificationSchema.safeParse({ ...notification, priority: 'urgent' }).success).toBe(false);
  });

  it('push subscriptions need an https endpoint', () => {
    const payload = {
      subscription: { endpoint: 'https://push.example.com/x', keys: { p256dh: 'BNc_-1', auth: 'tBH' } },
      userAgent: 'UA',
      timestamp: NOW,
    };
    expect(pushSubscriptionPayloadSchema.safeParse(payload).success).toBe(true);
    const insecure = {
      ...payload,
      subscription: { ...payload.subscription, endpoint: 'http://push.example.com/x' },
    };
    expect(pushSubscriptionPayloadSchema.safeParse(insecure).success).toBe(false);
  });
});
