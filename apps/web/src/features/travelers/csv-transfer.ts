/**
 * CSV export (GET /api/travelers/export, a download) and import (POST
 * /api/travelers/bulk-import). The import uses XMLHttpRequest only because fetch cannot report
 * upload progress, which the issue asks to show for large files.
 */
import { CSV_BOM, csvCell, type FieldIssue } from '@bh/shared';
import { api, refreshAfterUnauthorized } from '../../lib/api.ts';
import { getSession } from '../auth/session.ts';

export interface ImportReport {
  total: number;
  imported: number;
  rejected: { row: number; errors: FieldIssue[] }[];
}

export async function downloadExport(): Promise<void> {
  const res = await api.get<Response>('/api/travelers/export', {
    raw: true,
    headers: { Accept: 'text/csv' },
  });
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'travelers.csv';
  saveBlob(await res.blob(), name);
}

/**
 * The rejected rows of an import as a CSV (UTF-8 with BOM, so Excel shows Vietnamese text):
 * line, field and reason, one problem per line, in the officer's language.
 */
export function rejectionReportCsv(
  report: ImportReport,
  headings: { row: string; field: string; reason: string },
  describe: (issue: FieldIssue) => { field: string; reason: string },
): string {
  const lines = [[headings.row, headings.field, headings.reason].map(csvCell).join(',')];
  for (const rejected of report.rejected) {
    for (const issue of rejected.errors) {
      const { field, reason } = describe(issue);
      lines.push([rejected.row, field, reason].map(csvCell).join(','));
    }
  }
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

/** Saves text as a file. */
export function saveText(text: string, name: string, type = 'text/csv;charset=utf-8') {
  saveBlob(new Blob([text], { type }), name);
}

/** Hands a blob to the browser as a download, through a temporary link. */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export class ImportError extends Error {
  constructor(
    readonly status: number,
    readonly details: FieldIssue[],
  ) {
    super(`import failed (${status})`);
  }
}

/**
 * Uploads the CSV, reporting upload progress. An expired access token (401) is refreshed once
 * and the upload sent again, as every other API call does.
 */
export async function uploadImport(
  file: File,
  onProgress: (fraction: number) => void,
): Promise<ImportReport> {
  try {
    return await sendImport(file, onProgress);
  } catch (err) {
    if (err instanceof ImportError && err.status === 401 && (await refreshAfterUnauthorized())) {
      return sendImport(file, onProgress);
    }
    throw err;
  }
}

function sendImport(file: File, onProgress: (fraction: number) => void): Promise<ImportReport> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/travelers/bulk-import');
    const token = getSession()?.token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Content-Type', 'text/csv');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as ImportReport);
      else {
        const details = (body as { error?: { details?: FieldIssue[] } } | null)?.error?.details;
        reject(new ImportError(xhr.status, Array.isArray(details) ? details : []));
      }
    };
    xhr.onerror = () => reject(new ImportError(0, []));
    xhr.send(file);
  });
}
