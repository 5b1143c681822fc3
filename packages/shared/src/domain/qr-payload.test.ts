import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { completePreArrival, preArrivalSubmissionSchema } from '../schemas/pre-arrival.ts';
import { validPreArrivalSubmission } from '../testing/fixtures.ts';
import { base45Decode, base45Encode } from './base45.ts';
import { decodeQrPayload, encodeQrPayload, QR_PAYLOAD_MAX_CHARS } from './qr-payload.ts';

/** The test vector of docs/qr-payload.md: `validPreArrivalSubmission` encoded. */
const QR_TEST_VECTOR =
  'BH1:  AIKO.VRO22K5G%AJQV3ZNEW3R6X6GUGJXKV:MHC00LFPOA6JJ$49+T4D*8-/VP0PC*1W.BLJJSL6G-JYJ4QMNBEHP GDJRAU1G-8/:KF25VJD5-B:9FPQ11PQ/JCXD0UT7F2RX0GR%VWU1SJRS3AT-PJKD-K3E+TNVR84M. D -AQ9D/7D0WTFZV9K080JE2NA:4X$LMCH7SC9G9Z87 73BL7I$UHM6281Z1MO:O7ABQNLU*5-XPIEU3BN75I+W997K3AQHSGAOI2J5O:O%45XW8EV1EZRK85WC9/I47-92S5C-LZ59RJO-*7I6PS 7SXMZZLW0I1Z3J12*BOC7NRMR3H3XA6C/5Y*H/VHECPD0G DD0*B-QD2D63MNN4OA-B54T7I39676.TO%UCVF-J42MPG$6LSLS+ME/A8B8$OHHATE0SL1B+.MB+2UD0/JJO%UW6E3L2MQ8:I4 BQ%M17 MH07EYKZ*86Y7.3SUY6JXCK+DD*E$U7O+2 TR*796L3Z8E2AIG HD80R/HW5KENKI9OGR0TB1J3A.*O AHQH3PFQL8PI3C$RQQWD:H3Y38WM32LKKWNX*V%:HXOD:27M%RDMH%67ZL1KHB7*GPY3HDT';

const submission = completePreArrival(preArrivalSubmissionSchema.parse(validPreArrivalSubmission));

async function encoded(value = submission) {
  const result = await encodeQrPayload(value);
  if (!result.ok) throw new Error(`payload too large: ${result.length}`);
  return result.text;
}

describe('base45', () => {
  it('matches the RFC 9285 examples', () => {
    const text = (s: string) => base45Encode(new TextEncoder().encode(s));
    expect(text('AB')).toBe('BB8');
    expect(text('Hello!!')).toBe('%69 VD92EX0');
    expect(text('base-45')).toBe('UJCLQE7W581');
    expect(new TextDecoder().decode(base45Decode('QED8WEX0') ?? new Uint8Array())).toBe('ietf!');
  });

  it('refuses characters outside the alphabet and out-of-range groups', () => {
    expect(base45Decode('bb8')).toBeNull();
    expect(base45Decode('GGW')).toBeNull(); // 65535 < value
    expect(base45Decode('ABCD')).toBeNull(); // a lone last character
  });

  it('round-trips any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(base45Decode(base45Encode(bytes))).toEqual(bytes);
      }),
    );
  });
});

describe('QR payload', () => {
  it('round-trips a full submission and fits a version 25 QR code at level M', async () => {
    const text = await encoded();
    expect(text.startsWith('BH1:')).toBe(true);
    expect(text).toMatch(/^[0-9A-Z $%*+\-./:]+$/);
    expect(text.length).toBeLessThanOrEqual(QR_PAYLOAD_MAX_CHARS);
    expect(await decodeQrPayload(text)).toEqual({ ok: true, value: submission });
  });

  it('decodes the test vector of docs/qr-payload.md (the server suite checks the document has it)', async () => {
    expect(await decodeQrPayload(QR_TEST_VECTOR)).toEqual({ ok: true, value: submission });
    expect(await encoded()).toBe(QR_TEST_VECTOR);
  });

  it('round-trips generated submissions (property)', async () => {
    const text = fc
      .string({ maxLength: 60 })
      .map((s) => s.trim())
      .filter((s) => s !== '' && !/[\0<>]/.test(s));
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          fullName: text,
          address: text,
          temp: fc.integer({ min: 350, max: 450 }),
          cough: fc.boolean(),
        }),
        async ({ fullName, address, temp, cough }) => {
          const value = preArrivalSubmissionSchema.safeParse({
            traveler: { ...submission.traveler, fullName, address },
            declaration: {
              ...submission.declaration,
              bodyTemperature: temp / 10,
              symptoms: { ...submission.declaration.symptoms, cough },
            },
          });
          if (!value.success) return;
          const result = await encodeQrPayload(value.data);
          if (!result.ok) return;
          expect(await decodeQrPayload(result.text)).toEqual({
            ok: true,
            value: completePreArrival(value.data),
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('writes the post of arrival as version 2 and reads versions 1 and 2', async () => {
    const withPost = await encodeQrPayload({ ...submission, post: 'HAN' });
    if (!withPost.ok) throw new Error('not encoded');
    expect(withPost.text.startsWith('BH2:')).toBe(true);
    expect(await decodeQrPayload(withPost.text)).toMatchObject({ ok: true, value: { post: 'HAN' } });
    const text = await encoded();
    expect(text.startsWith('BH1:')).toBe(true);
    const read = await decodeQrPayload(text);
    expect(read.ok && read.value.post === undefined).toBe(true);
    // A version-1 text carrying a post is not one we wrote.
    expect(await decodeQrPayload(`BH1:${withPost.text.slice(4)}`)).toEqual({ ok: false, reason: 'format' });
  });

  it('refuses an unknown version, a malformed text and an oversized one, with the reason', async () => {
    const text = await encoded();
    expect(await decodeQrPayload(`BH3:${text.slice(4)}`)).toEqual({ ok: false, reason: 'version' });
    expect(await decodeQrPayload('hello')).toEqual({ ok: false, reason: 'format' });
    expect(await decodeQrPayload('BH1:abc')).toEqual({ ok: false, reason: 'format' });
    expect(await decodeQrPayload(`BH1:${base45Encode(new Uint8Array([1, 2, 3]))}`)).toEqual({
      ok: false,
      reason: 'format',
    });
    expect(await decodeQrPayload(text + '0'.repeat(QR_PAYLOAD_MAX_CHARS))).toEqual({
      ok: false,
      reason: 'size',
    });
  });

  it('refuses an oversized submission when encoding', async () => {
    // Text that does not compress: 1000 characters that never repeat a pattern.
    const long = Array.from({ length: 1000 }, (_, i) =>
      String.fromCharCode(0x4e00 + ((i * 7919) % 20000)),
    ).join('');
    const big = { ...submission, traveler: { ...submission.traveler, address: long, accommodation: long } };
    expect(await encodeQrPayload(big)).toMatchObject({ ok: false, reason: 'size' });
  });

  it('refuses a deflate bomb and a payload that fails the shared schemas', async () => {
    const deflate = async (json: string) => {
      const stream = new Blob([json]).stream().pipeThrough(new CompressionStream('deflate-raw'));
      return `BH1:${base45Encode(new Uint8Array(await new Response(stream).arrayBuffer()))}`;
    };
    expect(await decodeQrPayload(await deflate(`{"a":"${'x'.repeat(100_000)}"}`))).toEqual({
      ok: false,
      reason: 'size',
    });
    const bad = {
      ...validPreArrivalSubmission,
      traveler: { ...validPreArrivalSubmission.traveler, passportNo: '!' },
    };
    const result = await decodeQrPayload(await deflate(JSON.stringify(bad)));
    expect(result).toMatchObject({
      ok: false,
      reason: 'invalid',
      errors: { 'traveler.passportNo': expect.any(String) },
    });
  });
});
