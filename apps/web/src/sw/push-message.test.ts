import { describe, expect, it } from 'vitest';
import { notificationFor } from './push-message.ts';

describe('push message to notification', () => {
  const modeChanged = {
    type: 'mode-changed',
    titleKey: 'modeChanged',
    params: { mode: 'emergency' },
    url: '/',
  };

  it('uses the user language, with the mode name translated', () => {
    expect(notificationFor(modeChanged, 'vi')).toEqual({
      title: 'Chế độ hệ thống đã thay đổi',
      body: 'Chế độ hiện tại: Khẩn cấp',
      url: '/',
      tag: 'mode-changed',
    });
    expect(notificationFor(modeChanged, 'en').body).toBe('The system mode is now: Emergency');
    expect(notificationFor(modeChanged, 'ja').body).toBe('現在のシステムモード：緊急');
  });

  it('fills params and keeps the screen to open', () => {
    const shown = notificationFor(
      {
        type: 'account-request',
        titleKey: 'accountRequest',
        params: { name: 'Lê Văn C' },
        url: '/admin/account-requests',
      },
      'en',
    );
    expect(shown).toMatchObject({ body: 'Lê Văn C is waiting for approval', url: '/admin/account-requests' });
  });

  it('a body that is not our message (or names another site) still shows a generic notification at /', () => {
    for (const data of [null, 'text', { type: 'x' }, { ...modeChanged, url: '//evil.example/' }]) {
      expect(notificationFor(data, 'vi')).toEqual({
        title: 'Thông báo mới',
        body: 'Bạn có thông báo mới',
        url: '/',
        tag: 'notification',
      });
    }
  });
});
