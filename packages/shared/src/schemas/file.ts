/**
 * Uploads: PNG, JPEG or PDF, at most 5 MB each
 * (5 MB exactly is allowed). `checkUploadFile` checks what the browser reports before upload;
 * `detectFileKind` checks the real content by its magic bytes (server, and client when it can read).
 */
import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '../domain/constants.ts';
import { intBetween, isoDateTime, keyed, oneOf, plainShape, uuid } from './common.ts';

export const FILE_KINDS = ['png', 'jpeg', 'pdf'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const FILE_KIND_MIME_TYPES: Readonly<Record<FileKind, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
};

/** Value of the upload form field `file_type`. */
export const UPLOAD_FILE_TYPES = ['health_test_result', 'vaccination_certificate'] as const;
export type UploadFileType = (typeof UPLOAD_FILE_TYPES)[number];

export type UploadFileErrorKey =
  | 'files.errors.tooLarge'
  | 'files.errors.unsupportedType'
  | 'files.errors.empty';
export type UploadFileCheck = { ok: true; kind: FileKind } | { ok: false; error: UploadFileErrorKey };

const MIME_KINDS: Readonly<Record<string, FileKind>> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'application/pdf': 'pdf',
};
const EXTENSION_KINDS: Readonly<Record<string, FileKind>> = {
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  pdf: 'pdf',
};

/** Kind of a file from its name's extension, or null. */
export function fileKindFromName(name: string): FileKind | null {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  return EXTENSION_KINDS[name.slice(dot + 1).toLowerCase()] ?? null;
}

/**
 * Checks a file's reported type and size. The MIME type decides; when the browser reports none
 * (or a generic one) the extension decides. Returns the kind or an i18n error key.
 */
export function checkUploadFile(file: { name: string; type: string; size: number }): UploadFileCheck {
  const mime = file.type.trim().toLowerCase();
  const generic = mime === '' || mime === 'application/octet-stream';
  const kind = generic ? fileKindFromName(file.name) : (MIME_KINDS[mime] ?? null);
  if (!kind) return { ok: false, error: 'files.errors.unsupportedType' };
  if (file.size <= 0) return { ok: false, error: 'files.errors.empty' };
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, error: 'files.errors.tooLarge' };
  return { ok: true, kind };
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/** Bytes needed by `detectFileKind`. */
export const MAGIC_BYTES_LENGTH = PNG_SIGNATURE.length;

/** Kind of a file from its first bytes, or null when it is none of PNG, JPEG, PDF. */
export function detectFileKind(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'jpeg';
  if (startsWith(bytes, PDF_SIGNATURE)) return 'pdf';
  return null;
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);
}

/** Metadata of an uploaded file: answer of POST /api/files and GET /api/files/{id}/metadata. */
export const fileMetadataSchema = plainShape({
  id: uuid(),
  fileType: oneOf(UPLOAD_FILE_TYPES),
  kind: oneOf(FILE_KINDS),
  mimeType: z.string(keyed()),
  size: intBetween(1, MAX_UPLOAD_BYTES),
  originalName: z.string(keyed()).max(255, 'validation.max_length'),
  /** Hex SHA-256 of the bytes (a retried upload with the same id must carry the same bytes). */
  sha256: z.string(keyed()).regex(/^[0-9a-f]{64}$/, 'validation.invalid_format'),
  createdAt: isoDateTime(),
});
export type FileMetadata = z.infer<typeof fileMetadataSchema>;
