/**
 * Every date field follows the app's language: no browser date, week, month, date-time or time input may be
 * written anywhere in the web app (they follow the browser's language). Days use AppDateField,
 * weeks WeekPicker, months MonthPicker.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../');
// type="date", type={'week'}, { type: 'month' }, setAttribute('type', 'date') and the like.
const NATIVE = /type\s*(=\s*\{?\s*|:\s*|['"],\s*)['"`](date|week|month|datetime-local|time)['"`]/;
const SOURCE = /\.(tsx?|jsx?|html)$/;

function sourceFiles(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => SOURCE.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => join(SRC, file));
}

describe('date fields', () => {
  it('the pattern catches the ways a native date, week or month input is written', () => {
    for (const text of [
      'type="date"',
      "type={'week'}",
      "{ type: 'month' }",
      "setAttribute('type', 'date')",
      'type="datetime-local"',
      "type: 'time'",
    ]) {
      expect(NATIVE.test(text), text).toBe(true);
    }
    for (const text of ['type="text"', "kind: 'date'", 'type="timestamp"']) {
      expect(NATIVE.test(text), text).toBe(false);
    }
  });

  it('no input[type=date|week|month|datetime-local|time] is left in apps/web/src', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          NATIVE.test(line) ? [`${file.slice(SRC.length)}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(offenders).toEqual([]);
  });
});
