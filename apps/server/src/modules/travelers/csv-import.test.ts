/**
 * Issue 13 item 11: POST /api/travelers/bulk-import reads RFC 4180 CSV in UTF-8 with or without
 * a BOM, refuses a malformed quote with its line number (nothing imported), and refuses bytes
 * that are not UTF-8 (transfer.test.ts: 'answers errors found before writing ...').
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { travelers } from '../../db/schema.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { postImport } from '../../test/uploads.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const importBytes = async (payload: string | Buffer) => {
  const { headers } = await h.user();
  return postImport(h, headers, payload);
};
const HEADER = 'fullName,passportNo,nationality,entryDate,status,note';

describe('CSV import: quoting and encoding', () => {
  it('an unterminated quote is a 400 naming its line, and nothing is imported', async () => {
    const csv = [
      HEADER,
      'Nguyễn Văn A,B1234567,VN,2025-01-01,pending,ok',
      'Trần Thị B,B7654321,VN,2025-01-01,pending,"never closed',
      'Lê Văn C,C1234567,VN,2025-01-01,pending,',
    ].join('\r\n');
    const res = await importBytes(csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { code: 'travelers.import.unterminatedQuote', params: { line: 3 } },
    ]);
    expect(await h.database.db.$count(travelers)).toBe(0);
  });

  it('text after a closing quote is a 400 naming its line', async () => {
    const res = await importBytes(`${HEADER}\n"Nguyễn Văn A"x,B1234567,VN,2025-01-01,pending,\n`);
    expect(res.json().error.details).toEqual([
      { code: 'travelers.import.textAfterQuote', params: { line: 2 } },
    ]);
  });

  it('reads UTF-8 with and without a BOM alike, quoted commas, quotes and line breaks included', async () => {
    const body = `${HEADER}\r\n"Đặng, Thị ""Ánh""",B1234567,VN,2025-01-01,pending,"dòng 1\r\ndòng 2"\r\n`;
    for (const payload of [
      Buffer.from(body, 'utf8'),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(body)]),
    ]) {
      await h.reset();
      const res = await importBytes(payload);
      expect(res.json()).toMatchObject({ imported: 1, rejected: [] });
      const [row] = await h.database.db
        .select({ fullName: travelers.fullName, note: travelers.note })
        .from(travelers);
      expect(row).toEqual({ fullName: 'Đặng, Thị "Ánh"', note: 'dòng 1\ndòng 2' });
    }
  });
});
