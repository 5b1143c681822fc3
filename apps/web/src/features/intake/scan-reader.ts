/**
 * What a scanned or typed text is, and what the review starts from: our QR payload (decoded
 * offline), a reference code (looked up online), or a passport / ID card MRZ (check digits
 * verified). Anything else, or a payload that fails, is an error with its reason; nothing is saved.
 */
import {
  decodeQrPayload,
  looksLikeMrz,
  looksLikeQrPayload,
  type MrzCheck,
  normalisePreArrivalCode,
  PRE_ARRIVAL_CODE_PATTERN,
  type PreArrivalDeclaration,
  type PreArrivalTraveler,
  parseMrz,
  preArrivalRecordSchema,
  type RecordedConsent,
} from '@bh/shared';
import { api } from '../../lib/api.ts';

export interface Draft {
  /** Traveller fields found (the rest are typed or defaulted on review). */
  traveler: Partial<PreArrivalTraveler>;
  declaration: PreArrivalDeclaration | null;
  /** MRZ check digits that failed (shown on their fields). */
  mrzFailed: MrzCheck[];
  /** An MRZ nationality that is not a country (UTO, UNO...). */
  unknownNationality: string | null;
  /** Reference code, marked used once saved. */
  code: string | null;
  /** True for a pre-arrival submission (its QR code or reference code), false for a passport. */
  preArrival: boolean;
  /**
   * The consent to the privacy notice the submission carries (a version-3 QR code, or the one the
   * server recorded with a reference code), recorded with the traveller once saved; null when it
   * carries none (a version-1 or -2 code: the review says so).
   */
  consent: RecordedConsent | null;
  /** performance.now() when the text was read: scan-to-saved time. */
  readAt: number;
}

export type ScanOutcome = { ok: true; draft: Draft } | { ok: false; messageKey: string; detailKey?: string };

const draftOf = (over: Partial<Draft>): Draft => ({
  traveler: {},
  declaration: null,
  mrzFailed: [],
  unknownNationality: null,
  code: null,
  preArrival: false,
  consent: null,
  readAt: performance.now(),
  ...over,
});

async function lookUp(code: string, online: boolean, readAt: number): Promise<ScanOutcome> {
  if (!online) return { ok: false, messageKey: 'intake.scan.codeNeedsNetwork' };
  try {
    const record = preArrivalRecordSchema.parse(await api.get(`/api/pre-arrivals/${code}`));
    return {
      ok: true,
      draft: draftOf({ ...record.submission, code, readAt, preArrival: true, consent: record.consent }),
    };
  } catch {
    return { ok: false, messageKey: 'intake.scan.codeNotFound' };
  }
}

/** `readAt`: when the scan started (an image picked, a frame grabbed), for scan-to-saved time. */
export async function readScan(
  text: string,
  online: boolean,
  readAt = performance.now(),
): Promise<ScanOutcome> {
  if (looksLikeQrPayload(text)) {
    const decoded = await decodeQrPayload(text);
    if (!decoded.ok) {
      return {
        ok: false,
        messageKey: 'qr.errors.scanFailed',
        detailKey: `intake.scan.reason.${decoded.reason}`,
      };
    }
    return {
      ok: true,
      draft: draftOf({ ...decoded.value, readAt, preArrival: true, consent: decoded.consent }),
    };
  }
  const mrz = parseMrz(text);
  if (mrz && looksLikeMrz(text)) {
    const { fullName, passportNo, nationality, nationalityCode, birthDate, gender, passportExpiry } =
      mrz.fields;
    return {
      ok: true,
      draft: draftOf({
        traveler: {
          fullName,
          passportNo,
          nationality: nationality ?? undefined,
          birthDate,
          gender,
          passportExpiry,
        },
        mrzFailed: mrz.failed,
        unknownNationality: nationality ? null : nationalityCode,
        readAt,
      }),
    };
  }
  const code = normalisePreArrivalCode(text);
  if (PRE_ARRIVAL_CODE_PATTERN.test(code)) return lookUp(code, online, readAt);
  return { ok: false, messageKey: 'qr.errors.scanFailed', detailKey: 'intake.scan.unknownText' };
}
