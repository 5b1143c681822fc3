/**
 * Everything held about one traveller (the right of access, docs/decisions/017-retention-and-rights.md):
 * the traveller, its declaration, its timeline and check-ins as devices receive them, the list
 * of its files (metadata; the bytes stay behind GET /api/files/:id), the audit trail's entries
 * about it and its declaration, its privacy state and its consent to the privacy notice (its
 * `consent` timeline event, if any). As JSON, or as a readable HTML page.
 */
import type { AuditEntry, PersonalData, TravelerPrivacy } from '@bh/shared';
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { files } from '../../db/schema.ts';
import { fetchRecord, fetchRecords } from '../../write-path/records.ts';
import { WRITABLE_TABLES } from '../../write-path/tables.ts';
import { auditPage } from '../audit/store.ts';
import { toMetadata } from '../files/store.ts';

const AUDIT_PAGE = 200;

export async function collectPersonalData(
  db: Db,
  travelerId: string,
  privacy: TravelerPrivacy,
): Promise<PersonalData | null> {
  const traveler = await fetchRecord(db, WRITABLE_TABLES.travelers, travelerId);
  if (!traveler) return null;
  const idsOf = (table: string) =>
    queryRows(
      db,
      z.object({ id: z.string() }),
      sql`SELECT id::text AS id FROM ${sql.raw(table)} WHERE traveler_id = ${travelerId}::uuid ORDER BY created_at, id`,
    );
  const [declaration, eventIds, checkInIds, fileIds] = await Promise.all([
    fetchRecord(db, WRITABLE_TABLES.healthDeclarations, travelerId),
    idsOf('traveler_events'),
    idsOf('check_ins'),
    queryRows(
      db,
      z.object({ id: z.string() }),
      sql`SELECT test_file_id::text AS id FROM health_declarations WHERE traveler_id = ${travelerId}::uuid AND test_file_id IS NOT NULL
        UNION SELECT vaccination_cert_file_id::text FROM health_declarations WHERE traveler_id = ${travelerId}::uuid AND vaccination_cert_file_id IS NOT NULL
        UNION SELECT details->>'fileId' FROM traveler_events WHERE traveler_id = ${travelerId}::uuid AND kind = 'file_attached' AND details ? 'fileId'`,
    ),
  ]);
  const [timeline, checkIns] = await Promise.all([
    fetchRecords(
      db,
      WRITABLE_TABLES.travelerEvents,
      eventIds.map((r) => r.id),
    ),
    fetchRecords(
      db,
      WRITABLE_TABLES.checkIns,
      checkInIds.map((r) => r.id),
    ),
  ]);
  const uuids = fileIds.map((r) => r.id).filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const fileRows = uuids.length > 0 ? await db.select().from(files).where(inArray(files.id, uuids)) : [];
  const audit: AuditEntry[] = [];
  for (let cursor: number | undefined; ; ) {
    const page = await auditPage(db, { travelerId, ...(cursor ? { cursor } : {}) }, AUDIT_PAGE);
    audit.push(...page.items);
    if (page.nextCursor === null) break;
    cursor = page.nextCursor;
  }
  return {
    generatedAt: new Date().toISOString(),
    consent: consentOf(timeline),
    traveler,
    declaration,
    timeline,
    checkIns,
    files: fileRows.filter((f) => f.deletedAt === null).map(toMetadata),
    audit,
    privacy,
  };
}

/** The consent a traveller's `consent` event records (one at most: lifecycle/effects.ts). */
function consentOf(timeline: readonly Record<string, unknown>[]): PersonalData['consent'] {
  const event = timeline.find((e) => e.kind === 'consent');
  const { occurredAt, noticeVersion } = event ?? {};
  return typeof occurredAt === 'string' && typeof noticeVersion === 'string'
    ? { at: occurredAt, noticeVersion }
    : null;
}

type Lang = 'vi' | 'en' | 'ja';

const LABELS: Record<string, Record<Lang, string>> = {
  title: { vi: 'Dữ liệu cá nhân đang lưu giữ', en: 'Personal data held', ja: '保有している個人データ' },
  generatedAt: { vi: 'Lập lúc', en: 'Produced at', ja: '作成日時' },
  traveler: { vi: 'Hành khách', en: 'Traveller', ja: '旅行者' },
  declaration: { vi: 'Tờ khai y tế', en: 'Health declaration', ja: '健康申告' },
  timeline: { vi: 'Dòng thời gian', en: 'Timeline', ja: 'タイムライン' },
  checkIns: { vi: 'Theo dõi hằng ngày', en: 'Check-ins', ja: 'チェックイン' },
  files: { vi: 'Tệp', en: 'Files', ja: 'ファイル' },
  audit: { vi: 'Nhật ký kiểm tra', en: 'Audit entries', ja: '監査記録' },
  privacy: { vi: 'Quyền riêng tư', en: 'Privacy', ja: 'プライバシー' },
  consent: {
    vi: 'Đồng ý với thông báo về quyền riêng tư',
    en: 'Consent to the privacy notice',
    ja: 'プライバシーに関するお知らせへの同意',
  },
  none: { vi: 'Không có', en: 'None', ja: 'なし' },
};

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const text = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/** One record as a two-column table of its fields. */
function fieldsTable(record: Record<string, unknown>): string {
  const rows = Object.entries(record)
    .map(
      ([key, value]) => `<tr><th scope="row">${escapeHtml(key)}</th><td>${escapeHtml(text(value))}</td></tr>`,
    )
    .join('');
  return `<table>${rows}</table>`;
}

/** Records as one table: a column per field any of them has. */
function recordsTable(records: readonly Record<string, unknown>[], none: string): string {
  if (records.length === 0) return `<p>${escapeHtml(none)}</p>`;
  const keys = [...new Set(records.flatMap((r) => Object.keys(r)))];
  const head = keys.map((k) => `<th scope="col">${escapeHtml(k)}</th>`).join('');
  const body = records
    .map((r) => `<tr>${keys.map((k) => `<td>${escapeHtml(text(r[k]))}</td>`).join('')}</tr>`)
    .join('');
  return `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** The readable page: a heading per part, a table per record or list (no script, no style). */
export function personalDataHtml(data: PersonalData, lang: Lang): string {
  const l = (key: string) => LABELS[key]?.[lang] ?? key;
  const section = (key: string, body: string) => `<section><h2>${escapeHtml(l(key))}</h2>${body}</section>`;
  const name = text(data.traveler.fullName) || text(data.traveler.id);
  return [
    '<!doctype html>',
    `<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(`${l('title')}: ${name}`)}</title></head><body>`,
    `<h1>${escapeHtml(l('title'))}: ${escapeHtml(name)}</h1>`,
    `<p>${escapeHtml(l('generatedAt'))}: ${escapeHtml(data.generatedAt)}</p>`,
    section('traveler', fieldsTable(data.traveler)),
    section(
      'declaration',
      data.declaration ? fieldsTable(data.declaration) : `<p>${escapeHtml(l('none'))}</p>`,
    ),
    section('timeline', recordsTable(data.timeline, l('none'))),
    section('checkIns', recordsTable(data.checkIns, l('none'))),
    section('files', recordsTable(data.files, l('none'))),
    section('audit', recordsTable(data.audit, l('none'))),
    section('privacy', fieldsTable(data.privacy)),
    section('consent', data.consent ? fieldsTable(data.consent) : `<p>${escapeHtml(l('none'))}</p>`),
    '</body></html>',
  ].join('\n');
}
