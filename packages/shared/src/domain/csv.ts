/** CSV (RFC 4180) shared by the server's export and the app's downloadable reports. */

/** UTF-8 byte order mark: Excel then reads the file as UTF-8 and shows Vietnamese names. */
export const CSV_BOM = '\uFEFF';

/** One cell, quoted when it holds a separator, a quote or a line break (quotes doubled). */
export function csvCell(value: string | number | null | undefined): string {
  const text = value == null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
