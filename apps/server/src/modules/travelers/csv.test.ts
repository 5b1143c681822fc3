/** Issue 13 item 11: the CSV reader follows RFC 4180 quoting and names the line of a bad quote. */
import { describe, expect, it } from 'vitest';
import { CsvReader, CsvSyntaxError, parseCsv } from './csv.ts';

const syntaxErrorOf = (text: string) => {
  try {
    parseCsv(text);
  } catch (err) {
    if (err instanceof CsvSyntaxError) return { code: err.code, line: err.line };
    throw err;
  }
  return null;
};

describe('CsvReader', () => {
  it('reads quoted fields with separators, doubled quotes and line breaks (RFC 4180)', () => {
    expect(parseCsv('a,"b,c","say ""hi""","line 1\r\nline 2"\r\nx,,"",z\n')).toEqual([
      ['a', 'b,c', 'say "hi"', 'line 1\r\nline 2'],
      ['x', '', '', 'z'],
    ]);
  });

  it('reads the same rows with or without a BOM, with LF, CRLF or CR line ends, in any pieces', () => {
    const rows = [
      ['fullName', 'note'],
      ['Đặng Ánh', 'a "b"'],
    ];
    for (const text of [
      'fullName,note\r\nĐặng Ánh,"a ""b"""\r\n',
      '\uFEFFfullName,note\nĐặng Ánh,"a ""b"""',
      'fullName,note\rĐặng Ánh,"a ""b"""\r',
    ]) {
      expect(parseCsv(text), JSON.stringify(text)).toEqual(rows);
      const reader = new CsvReader();
      const pieces = [...text].flatMap((ch) => reader.push(ch));
      expect([...pieces, ...reader.end()], JSON.stringify(text)).toEqual(rows);
    }
  });

  it('reports a quote that is never closed with the line it opened on, instead of swallowing the rest', () => {
    expect(syntaxErrorOf('fullName,note\r\nA,ok\r\nB,"no end\r\nC,x\r\nD,y\r\n')).toEqual({
      code: 'travelers.import.unterminatedQuote',
      line: 3,
    });
    // Line breaks inside an earlier, closed quoted field count as lines.
    expect(syntaxErrorOf('h\n"two\nlines"\n"open')).toEqual({
      code: 'travelers.import.unterminatedQuote',
      line: 4,
    });
  });

  it('reports text after a closing quote with its line', () => {
    expect(syntaxErrorOf('fullName,note\nA,"quoted"tail\n')).toEqual({
      code: 'travelers.import.textAfterQuote',
      line: 2,
    });
  });
});
