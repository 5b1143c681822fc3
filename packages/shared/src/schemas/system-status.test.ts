import { describe, expect, it } from 'vitest';
import { NOW, validSystemStatus } from '../testing/fixtures.ts';
import { initialAppStatus } from './app-status.ts';
import { notificationSchema } from './notification.ts';
import { pushSubscriptionPayloadSchema } from './push-subscription.ts';
import * as mode from './system-status.ts';

describe('system status', () => {
  it('maps modes to badge variants', () => {
    expect(mode.modeBadgeVariant('normal')).toBe('success');
    expect(mode.modeBadgeVariant('pandemic')).toBe('error');
    expect(mode.modeBadgeVariant('emergency')).toBe('warning');
    expect(mode.modeBadgeVariant('other')).toBe('neutral');
    expect(mode.modeBadgeVariant(undefined)).toBe('neutral');
  });

  it('starts in pandemic mode with the spec figures', () => {
    const status = mode.initialSystemStatus(NOW);
    expect(status).toMatchObject({ mode: 'pandemic', activeUsers: 15, todayEntries: 32, pendingCases: 8 });
    expect(mode.systemStatusSchema.safeParse(status).success).toBe(true);
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
    expect(mode.systemStatusRecordSchema.safeParse(record).success).toBe(true);
    expect(mode.systemStatusRecordSchema.safeParse({ ...record, id: 'other' }).success).toBe(false);
    expect(mode.systemStatusInputSchema.safeParse({ mode: 'emergency' }).success).toBe(true);
    expect(mode.systemStatusInputSchema.safeParse({ mode: 'emergency', activeUsers: 3 }).success).toBe(false);
    expect(mode.systemStatusInputSchema.safeParse({ mode: 'lockdown' }).success).toBe(false);
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
