import { afterEach, describe, expect, it, vi } from 'vitest';
import { setRefreshHandler } from '../../lib/api.ts';
import { clearSession, getSession, setSession, updateToken } from '../../lib/session.ts';
import { rejectionReportCsv, uploadImport } from './csv-transfer.ts';

/** A stand-in XMLHttpRequest answering from a list of canned replies, recording each request. */
function fakeXhr(replies: { status: number; body: unknown }[]) {
  const sent: { token: string | undefined }[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private headers: Record<string, string> = {};
    open() {}
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send() {
      sent.push({ token: this.headers.Authorization?.replace('Bearer ', '') });
      const reply = replies.shift()!;
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 10, total: 10 });
        this.status = reply.status;
        this.responseText = JSON.stringify(reply.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
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
