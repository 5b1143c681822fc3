import { afterEach, describe, expect, it, vi } from 'vitest';
import { setRefreshHandler } from '../../lib/api.ts';
import { clearSession, getSession, setSession, updateToken } from '../../lib/session.ts';
import { stubXhr } from '../../test/fake-xhr.ts';
import { rejectionReportCsv, uploadImport } from './csv-transfer.ts';

/** Answers each request with the next canned reply; returns the bearer token of each request. */
function fakeXhr(replies: { status: number; body: unknown }[]) {
  const sent: { token: string | undefined }[] = [];
  stubXhr((xhr) => {
    sent.push({ token: xhr.headers.Authorization?.replace('Bearer ', '') });
    const reply = replies.shift();
    if (!reply) throw new Error('no reply left');
    queueMicrotask(() => {
      xhr.upload.onprogress?.({ lengthComputable: true, loaded: 10, total: 10 });
      xhr.receive(JSON.stringify(reply.body), reply.status);
      xhr.onload?.();
    });
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

const file = new File(['fullName,passportNo,nationality,entryDate\n'], 'a.csv', { type: 'text/csv' });

describe('uploadImport', () => {
  it('refreshes an expired session once and sends the file again', async () => {
    setSession({
      token: 'old',
      user: { id: 'u1', name: 'Officer', email: 'o@demo.vn', role: 'officer', avatar: null },
    });
    setRefreshHandler(async () => {
      updateToken('new');
      return true;
    });
    const sent = fakeXhr([
      { status: 401, body: { error: { code: 'unauthorized', message: 'expired' } } },
      { status: 200, body: { total: 1, imported: 1, rejected: [] } },
    ]);
    const progress: number[] = [];
    const report = await uploadImport(file, (f) => progress.push(f));
    expect(report).toEqual({ total: 1, imported: 1, rejected: [] });
    expect(sent.map((s) => s.token)).toEqual(['old', 'new']);
    expect(getSession()?.token).toBe('new');
    expect(progress).toContain(1);
  });

  it('gives up with the 401 when the session cannot be refreshed', async () => {
    setSession({
      token: 'old',
      user: { id: 'u1', name: 'Officer', email: 'o@demo.vn', role: 'officer', avatar: null },
    });
    setRefreshHandler(async () => false);
    fakeXhr([{ status: 401, body: { error: { code: 'unauthorized', message: 'expired' } } }]);
    await expect(uploadImport(file, () => {})).rejects.toMatchObject({ status: 401 });
  });
});

describe('rejectionReportCsv', () => {
  it('writes one line per problem with a BOM, quoting cells that need it', () => {
    const csv = rejectionReportCsv(
      {
        total: 3,
        imported: 1,
        rejected: [
          {
            row: 2,
            errors: [
              { field: 'passportNo', code: 'bad' },
              { field: 'entryDate', code: 'date' },
            ],
          },
          { row: 3, errors: [{ code: 'dup' }] },
        ],
      },
      { row: 'Dòng', field: 'Trường', reason: 'Lý do' },
      (issue) => ({
        field: issue.field ?? '',
        reason: issue.code === 'bad' ? 'Sai, "định dạng"' : issue.code,
      }),
    );
    expect(csv).toBe(
      '\uFEFFDòng,Trường,Lý do\r\n2,passportNo,"Sai, ""định dạng"""\r\n2,entryDate,date\r\n3,,dup\r\n',
    );
  });
});
