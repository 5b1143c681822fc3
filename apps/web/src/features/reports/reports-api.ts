/** Calls of the reports screen: a period's report as JSON, or its CSV/XLSX download with progress. */
import type { Report, ReportFormat, ReportKind } from '@bh/shared';
import { api } from '../../lib/api.ts';
import { fileNameOf, readWithProgress, saveBlob } from '../../lib/download.ts';

/** The query of a period: date, week, month or from/to, as the route for its kind reads it. */
export type PeriodQuery = Record<string, string>;

const pathOf = (kind: ReportKind, query: PeriodQuery, format: ReportFormat) =>
  `/api/reports/${kind}?${new URLSearchParams({ ...query, format }).toString()}`;

export const fetchReport = (kind: ReportKind, query: PeriodQuery) =>
  api.get<Report>(pathOf(kind, query, 'json'));

/** Downloads the report as a file, reporting the bytes received. */
export async function downloadReport(
  kind: ReportKind,
  query: PeriodQuery,
  format: Exclude<ReportFormat, 'json'>,
  onProgress: (bytes: number) => void,
): Promise<void> {
  const res = await api.get<Response>(pathOf(kind, query, format), { raw: true });
  const blob = await readWithProgress(res, (_chunk, bytes) => onProgress(bytes));
  saveBlob(blob, fileNameOf(res, `report.${format}`));
}
