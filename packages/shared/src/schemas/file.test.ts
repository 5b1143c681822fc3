import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../domain/constants.ts';
import { checkUploadFile, detectFileKind, fileKindFromName } from './file.ts';

describe('checkUploadFile', () => {
  it('accepts exactly 5 MB and refuses one byte more', () => {
    expect(MAX_UPLOAD_BYTES).toBe(5_242_880);
    expect(checkUploadFile({ name: 'a.pdf', type: 'application/pdf', size: MAX_UPLOAD_BYTES })).toEqual({
      ok: true,
      kind: 'pdf',
    });
    expect(checkUploadFile({ name: 'a.pdf', type: 'application/pdf', size: MAX_UPLOAD_BYTES + 1 })).toEqual({
      ok: false,
      error: 'files.errors.tooLarge',
    });
  });

  it.each([
    ['a.png', 'image/png', 'png'],
    ['a.jpg', 'image/jpeg', 'jpeg'],
    ['a.JPEG', 'IMAGE/JPEG', 'jpeg'],
    ['scan.pdf', 'application/pdf', 'pdf'],
    ['photo.jpg', '', 'jpeg'],
    ['doc.PDF', 'application/octet-stream', 'pdf'],
  ])('accepts %s (%s)', (name, type, kind) => {
    expect(checkUploadFile({ name, type, size: 1000 })).toEqual({ ok: true, kind });
  });

  it.each([
    ['a.gif', 'image/gif'],
    ['a.html', 'text/html'],
    ['a.exe', ''],
    ['noextension', ''],
    ['a.png', 'image/svg+xml'],
  ])('refuses %s (%s)', (name, type) => {
    expect(checkUploadFile({ name, type, size: 1000 })).toEqual({
      ok: false,
      error: 'files.errors.unsupportedType',
    });
  });

  it('refuses an empty file', () => {
    expect(checkUploadFile({ name: 'a.png', type: 'image/png', size: 0 })).toEqual({
      ok: false,
      error: 'files.errors.empty',
    });
  });

  it('reads the kind from the extension', () => {
    expect(fileKindFromName('x.tar.png')).toBe('png');
    expect(fileKindFromName('x.')).toBeNull();
  });
});

describe('detectFileKind', () => {
  const bytes = (...values: number[]) => new Uint8Array(values);
  const text = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

  it('recognises PNG, JPEG and PDF', () => {
    expect(detectFileKind(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00))).toBe('png');
    expect(detectFileKind(bytes(0xff, 0xd8, 0xff, 0xe0, 0x00))).toBe('jpeg');
    expect(detectFileKind(text('%PDF-1.7\n'))).toBe('pdf');
  });

  it('refuses an HTML file renamed to .png or .pdf', () => {
    const html = text('<!DOCTYPE html><html><script>alert(1)</script></html>');
    expect(checkUploadFile({ name: 'evil.png', type: 'image/png', size: html.length }).ok).toBe(true);
    expect(detectFileKind(html)).toBeNull();
  });

  it('refuses truncated and empty content', () => {
    expect(detectFileKind(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(detectFileKind(bytes(0xff, 0xd8))).toBeNull();
    expect(detectFileKind(text('%PDF'))).toBeNull();
    expect(detectFileKind(new Uint8Array())).toBeNull();
  });
});
