/**
 * CSV (RFC 4180) for the traveller export and import: comma separated, fields with a comma,
 * quote or line break quoted, quotes doubled, CRLF line ends. Exports start with a UTF-8 BOM so
 * Excel shows Vietnamese names. Cells that a spreadsheet would run as a formula (= + - @ ...)
 * get a leading apostrophe on export; the import removes it again.
 */
import { CSV_BOM, csvCell } from '@bh/shared';

/** Columns of the export, in order; the import reads the writable ones by header name. */
export const TRAVELER_CSV_COLUMNS = [
  'id',
  'fullName',
  'passportNo',
  'nationality',
  'entryDate',
  'flightNo',
  'origin',
  'destination',
  'gender',
  'birthDate',
  'note',
  'status',
  'passportExpiry',
  'address',
  'occupation',
  'purposeOfVisit',
  'durationOfStay',
  'accommodation',
  'emergencyContact',
  'version',
  'createdAt',
  'updatedAt',
] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return csvCell(FORMULA_START.test(text) ? `'${text}` : text);
}

export function toCsvLine(values: readonly unknown[]): string {
  return `${values.map(cell).join(',')}\r\n`;
}

/** Parses CSV text into rows of cells (BOM removed, empty trailing lines dropped). */
export function parseCsv(input: string): string[][] {
  const text = input.startsWith(CSV_BOM) ? input.slice(1) : input;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}

/** Undoes the export's formula guard. */
export function unguard(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}
