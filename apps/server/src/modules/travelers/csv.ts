/**
 * CSV (RFC 4180) for the traveller export and import: comma separated, fields with a comma,
 * quote or line break quoted, quotes doubled, CRLF line ends. The reader accepts LF, CRLF and
 * lone CR line ends and a leading BOM, and refuses (with the line number) a quoted field that is
 * never closed or text after a closing quote, rather than guessing what the file meant. Exports start with a UTF-8 BOM so
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

/** A file that is not CSV: `code` is the i18n key, `line` the 1-based line of the problem. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly code: 'travelers.import.unterminatedQuote' | 'travelers.import.textAfterQuote',
    readonly line: number,
  ) {
    super(`CSV syntax error on line ${line} (${code})`);
  }
}

/**
 * Incremental CSV reader: text goes in piece by piece (a piece may end anywhere, even inside a
 * quoted field or between CR and LF), complete rows come out. Rows of blank cells are dropped.
 * Reading an upload this way keeps one row in memory, not the whole file.
 */
export class CsvReader {
  private row: string[] = [];
  private field = '';
  private quoted = false;
  /** A quote was read inside a quoted field: either the field ends or a doubled quote follows. */
  private quoteSeen = false;
  /** A CR ended the last row: a LF right after it belongs to the same line end. */
  private afterCr = false;
  private started = false;
  /** Line of the file being read (LF, CRLF or a lone CR end a line, quoted or not). */
  private line = 1;
  private lastWasCr = false;
  /** Line where the open quoted field started, for the error when it is never closed. */
  private quoteLine = 1;

  /** Reads a piece of text and returns the rows it completed. */
  push(piece: string): string[][] {
    let text = piece;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.startsWith(CSV_BOM)) text = text.slice(1);
    }
    const out: string[][] = [];
    for (let i = 0; i < text.length; i++) {
      const ch = text.charAt(i);
      this.countLine(ch);
      if (this.afterCr) {
        this.afterCr = false;
        if (ch === '\n') continue;
      }
      if (this.quoteSeen) {
        this.quoteSeen = false;
        if (ch === '"') {
          this.field += '"';
          continue;
        }
        this.quoted = false;
        // A closed quoted field ends at a separator or a line end; `"ab"c` is not CSV.
        if (ch !== ',' && ch !== '\n' && ch !== '\r') {
          throw new CsvSyntaxError('travelers.import.textAfterQuote', this.line);
        }
      } else if (this.quoted) {
        if (ch === '"') this.quoteSeen = true;
        else this.field += ch;
        continue;
      }
      if (ch === '"' && this.field === '') {
        this.quoted = true;
        this.quoteLine = this.line;
      } else if (ch === ',') {
        this.row.push(this.field);
        this.field = '';
      } else if (ch === '\n' || ch === '\r') {
        this.afterCr = ch === '\r';
        this.endRow(out);
      } else this.field += ch;
    }
    return out;
  }

  /** The last row when the text does not end with a line break. */
  end(): string[][] {
    // A quote opened and never closed would swallow the rest of the file into one cell.
    if (this.quoted && !this.quoteSeen)
      throw new CsvSyntaxError('travelers.import.unterminatedQuote', this.quoteLine);
    const out: string[][] = [];
    if (this.field !== '' || this.row.length > 0) this.endRow(out);
    return out;
  }

  /** Counts line ends as they pass: the line number after `ch` is read. */
  private countLine(ch: string) {
    if (ch === '\r' || (ch === '\n' && !this.lastWasCr)) this.line += 1;
    this.lastWasCr = ch === '\r';
  }

  private endRow(out: string[][]) {
    this.row.push(this.field);
    if (this.row.some((c) => c.trim() !== '')) out.push(this.row);
    this.row = [];
    this.field = '';
  }
}

/**
 * Parses CSV text into rows of cells (BOM removed, empty lines dropped).
 * @internal Exported for its tests only (knip --production).
 */
export function parseCsv(input: string): string[][] {
  const reader = new CsvReader();
  return [...reader.push(input), ...reader.end()];
}

/** Undoes the export's formula guard. */
export function unguard(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}
