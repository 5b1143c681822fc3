/**
 * CSV export (GET /api/travelers/export, a download) and import (POST
 * /api/travelers/bulk-import). The import uses XMLHttpRequest only because fetch cannot report
 * upload progress, which the issue asks to show for large files.
 */
import type { FieldIssue } from '@bh/shared';
import { api } from '../../lib/api.ts';
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
  const blob = await res.blob();
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'travelers.csv';
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

export function uploadImport(file: File, onProgress: (fraction: number) => void): Promise<ImportReport> {
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
