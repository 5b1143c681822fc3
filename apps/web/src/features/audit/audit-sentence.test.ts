import '../../test/frame-resources.ts';
import type { AuditEntry } from '@bh/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import { auditSentence } from './audit-sentence.ts';

const i18n = initI18n();
beforeAll(async () => {
  await i18n.changeLanguage('vi');
});

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  at: '2026-02-01T08:00:00.000Z',
  userId: 'u1',
  userName: 'Nguyễn Văn Kiểm',
  ip: null,
  action: 'traveler_event.create',
  entity: 'traveler_event',
  entityId: 'e1',
  oldVersion: null,
  newVersion: 1,
  oldValues: null,
  newValues: null,
  details: null,
  userRole: 'officer',
  traveler: { id: 't1', fullName: 'Trần Thị Hoa' },
  event: { kind: 'status_changed', toStatus: 'quarantine' },
  device: null,
  ...over,
});

describe('audit entries as sentences', () => {
  it('names who moved which traveller to which status', () => {
    expect(auditSentence(entry({}), i18n.t)).toBe('Nguyễn Văn Kiểm đã chuyển Trần Thị Hoa sang Cách ly');
  });

  it('names the modes of a mode change, not versions', () => {
    const change = entry({
      action: 'system_status.update',
      entity: 'system_status',
      traveler: null,
      event: null,
      oldVersion: 2,
      newVersion: 3,
      oldValues: { mode: 'normal' },
      newValues: { mode: 'pandemic' },
    });
    expect(auditSentence(change, i18n.t)).toBe('Nguyễn Văn Kiểm đã đổi chế độ từ Bình thường sang Đại dịch');
  });

  it('says what was opened of whom, for a read', () => {
    const read = (action: string) =>
      entry({ action, entity: 'traveler', entityId: 't1', newVersion: null, event: null });
    expect(auditSentence(read('read.declaration'), i18n.t)).toBe(
      'Nguyễn Văn Kiểm đã xem tờ khai y tế của Trần Thị Hoa',
    );
    expect(auditSentence(read('read.file'), i18n.t)).toBe('Nguyễn Văn Kiểm đã mở tệp của Trần Thị Hoa');
  });

  it("names the statuses the server wrote on the traveller, and an admin's correction", () => {
    const status = (action: string, details: Record<string, unknown>) =>
      entry({ action, entity: 'traveler', entityId: 't1', event: null, details });
    expect(auditSentence(status('traveler.status', { from: 'declared', to: 'quarantine' }), i18n.t)).toBe(
      'Nguyễn Văn Kiểm đã đổi trạng thái của Trần Thị Hoa từ Đã khai báo sang Cách ly',
    );
    expect(
      auditSentence(status('traveler.status_correction', { from: 'cleared', to: 'quarantine' }), i18n.t),
    ).toBe('Nguyễn Văn Kiểm đã đính chính trạng thái của Trần Thị Hoa từ Đã thông quan sang Cách ly');
  });

  it('reads a sign-in and an unknown action', async () => {
    const base = { entity: null, traveler: null, event: null };
    expect(auditSentence(entry({ ...base, action: 'auth.login.success' }), i18n.t)).toBe(
      'Nguyễn Văn Kiểm: đăng nhập',
    );
    await i18n.changeLanguage('en');
    expect(auditSentence(entry({ ...base, userName: null, action: 'post.create' }), i18n.t)).toBe(
      'System: post.create',
    );
    expect(auditSentence(entry({}), i18n.t)).toBe('Nguyễn Văn Kiểm moved Trần Thị Hoa to Quarantine');
  });
});
