/**
 * CSV export (GET /api/travelers/export, a download) and import (POST
 * /api/travelers/bulk-import). Both report progress: the export counts the bytes and lines as
 * they arrive; the import reports its upload (XMLHttpRequest, as fetch cannot report upload
 * progress), then the server's progress lines (application/x-ndjson) as it saves each chunk.
 */
import {
  apiErrorSchema,
  CSV_BOM,
  csvCell,
  type FieldIssue,
  fieldIssueSchema,
  IMPORT_PROGRESS_MEDIA_TYPE,
  importProgressLineSchema,
  type TravelerImportReport,
  travelerImportReportSchema,
} from '@bh/shared';
import { api, refreshAfterUnauthorized } from '../../lib/api.ts';
import { fileNameOf, readWithProgress, saveBlob } from '../../lib/download.ts';
import { getSession } from '../../lib/session.ts';

/** What an export has received so far. */
export interface ExportProgress {
  bytes: number;
  /** Lines of travellers (the header not counted). */
  rows: number;
}

const NEWLINE = 0x0a;

/** Downloads the export, reporting bytes and lines as they arrive, then saves it as a file. */
export async function downloadExport(
  onProgress: (progress: ExportProgress) => void = () => {},
): Promise<void> {
  const res = await api.get<Response>('/api/travelers/export', {
    raw: true,
    headers: { Accept: 'text/csv' },
  });
  let lines = 0;
  const blob = await readWithProgress(
    res,
    (chunk, bytes) => {
      for (const byte of chunk) if (byte === NEWLINE) lines += 1;
      onProgress({ bytes, rows: Math.max(0, lines - 1) });
    },
    'text/csv;charset=utf-8',
  );
  saveBlob(blob, fileNameOf(res, 'travelers.csv'));
}

/**
 * The rejected rows of an import as a CSV (UTF-8 with BOM, so Excel shows Vietnamese text):
 * line, field and reason, one problem per line, in the officer's language.
 */
export function rejectionReportCsv(
  report: TravelerImportReport,
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

export class ImportError extends Error {
  constructor(
    readonly status: number,
    readonly details: FieldIssue[],
  ) {
    super(`import failed (${status})`);
  }
}

/** Progress callbacks of an import: the upload (0..1), then the rows the server has saved. */
type OnUpload = (fraction: number) => void;
type OnSaving = (processed: number, total: number) => void;

/**
 * Uploads the CSV, reporting upload then saving progress. An expired access token (401) is
 * refreshed once and the upload sent again, as every other API call does.
 */
export async function uploadImport(
  file: File,
  onProgress: OnUpload,
  onSaving: OnSaving = () => {},
): Promise<TravelerImportReport> {
  try {
    return await sendImport(file, onProgress, onSaving);
  } catch (err) {
    if (err instanceof ImportError && err.status === 401 && (await refreshAfterUnauthorized())) {
      return sendImport(file, onProgress, onSaving);
    }
    throw err;
  }
}

const fieldIssues = fieldIssueSchema.array();

/** The field problems of an error body, when it has them. */
function issuesOf(details: unknown): FieldIssue[] {
  const parsed = fieldIssues.safeParse(details);
  return parsed.success ? parsed.data : [];
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/**
 * Reads the answer of an import: progress lines (each passed to onSaving) ending with the report
 * or an error; a server that answers the report as plain JSON is understood too.
 */
function importAnswerReader(onSaving: OnSaving) {
  let seen = 0;
  let outcome: { report: TravelerImportReport } | { error: FieldIssue[] } | null = null;
  const take = (line: string) => {
    const value = parseJson(line);
    const event = importProgressLineSchema.safeParse(value);
    if (event.success) {
      if (event.data.type === 'progress') onSaving(event.data.processed, event.data.total);
      else if (event.data.type === 'report') outcome = { report: event.data.report };
      else outcome = { error: issuesOf(event.data.error.details) };
      return;
    }
    const report = travelerImportReportSchema.safeParse(value);
    if (report.success) outcome = { report: report.data };
  };
  return {
    /** Reads the complete lines of the text received so far. */
    read(text: string) {
      for (let end = text.indexOf('\n', seen); end >= 0; end = text.indexOf('\n', seen)) {
        take(text.slice(seen, end));
        seen = end + 1;
      }
    },
    /** Reads the rest at the end of the answer and says how it ended. */
    finish(text: string) {
      this.read(text);
      if (seen < text.length) take(text.slice(seen));
      seen = text.length;
      return outcome;
    },
  };
}

function sendImport(file: File, onProgress: OnUpload, onSaving: OnSaving): Promise<TravelerImportReport> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const answer = importAnswerReader(onSaving);
    xhr.open('POST', '/api/travelers/bulk-import');
    const token = getSession()?.token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Content-Type', 'text/csv');
    xhr.setRequestHeader('Accept', `${IMPORT_PROGRESS_MEDIA_TYPE}, application/json`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onprogress = () => {
      if (xhr.status >= 200 && xhr.status < 300) answer.read(xhr.responseText);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        const outcome = answer.finish(xhr.responseText);
        if (outcome && 'report' in outcome) resolve(outcome.report);
        else reject(new ImportError(xhr.status, outcome?.error ?? []));
        return;
      }
      const body = apiErrorSchema.safeParse(parseJson(xhr.responseText));
      reject(new ImportError(xhr.status, body.success ? issuesOf(body.data.error.details) : []));
    };
    xhr.onerror = () => reject(new ImportError(0, []));
    xhr.send(file);
  });
}
