import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { completePreArrival, preArrivalSubmissionSchema } from '../schemas/pre-arrival.ts';
import { validPreArrivalSubmission, validQrConsent } from '../testing/fixtures.ts';
import { base45Decode, base45Encode } from './base45.ts';
import { decodeQrPayload, encodeQrPayload, QR_PAYLOAD_MAX_CHARS } from './qr-payload.ts';

/** The test vector of docs/qr-payload.md: `validPreArrivalSubmission` encoded. */
const QR_TEST_VECTOR =
  'BH1:  AIKO.VRO22K5G%AJQV3ZNEW3R6X6GUGJXKV:MHC00LFPOA6JJ$49+T4D*8-/VP0PC*1W.BLJJSL6G-JYJ4QMNBEHP GDJRAU1G-8/:KF25VJD5-B:9FPQ11PQ/JCXD0UT7F2RX0GR%VWU1SJRS3AT-PJKD-K3E+TNVR84M. D -AQ9D/7D0WTFZV9K080JE2NA:4X$LMCH7SC9G9Z87 73BL7I$UHM6281Z1MO:O7ABQNLU*5-XPIEU3BN75I+W997K3AQHSGAOI2J5O:O%45XW8EV1EZRK85WC9/I47-92S5C-LZ59RJO-*7I6PS 7SXMZZLW0I1Z3J12*BOC7NRMR3H3XA6C/5Y*H/VHECPD0G DD0*B-QD2D63MNN4OA-B54T7I39676.TO%UCVF-J42MPG$6LSLS+ME/A8B8$OHHATE0SL1B+.MB+2UD0/JJO%UW6E3L2MQ8:I4 BQ%M17 MH07EYKZ*86Y7.3SUY6JXCK+DD*E$U7O+2 TR*796L3Z8E2AIG HD80R/HW5KENKI9OGR0TB1J3A.*O AHQH3PFQL8PI3C$RQQWD:H3Y38WM32LKKWNX*V%:HXOD:27M%RDMH%67ZL1KHB7*GPY3HDT';

/**
 * The second test vector of docs/qr-payload.md: the same submission at post HAN with the consent
 * `validQrConsent` (version 3).
 */
const QR_TEST_VECTOR_3 =
  'BH3:  ABC80E3:327FWVTTFY11J86GH+$99ELF99:24*/K7HCX$1Y0R7:NO.NC.AYCWET1OKLLJBQ3OZCUI4ILGHMMNEP0$$O/IT9Y6R1HZNNO%830R3I8-:36FQV4QRT96W35HUWCQ:07S/ST25/E5F*0.SBXFCPZBZGC-MNO7EP0E81VR$1YBJZYT/8C/WDZFQ:-5TE6HUGQ2EC:Q0BDZT0*ZE5+GYQ9TIUKNHXLLH9U+R8E$4RV5- S:1UDJ1S+VC%CBUUS:N0BN0X46J6QPEJOQSV8U8A:0LK J:CIT 99FQ1N3UB8IN537RZFHWQD+9W 9QW8D*7C9KG8HAOL6F2U%+5DE0K0SJYBJXIZN6Y U0 Q3MNG21N9SADIPOQ:HR9TKJJM.*0.7VEHB+1F+D2V847U4ADAN%1$KF*-IETN0KF/QRFRQFU1FYQC+GBBL9576*D*TKCZCUJQ*HC:LQQMT XDOY1C:JH%IDD6VVF0ZBY$NL:M.4P+K1-D8QBI+L8X7I126I2DJQR7YM/CJNZ0295V9J*%N$CO/3T.H3P0FQ1EKF99PH66A4H8Z29CPGA-G7+V96OADFYG5/3PS S3HF3*LZ-9$P5TUUDSL.IB94O6U99+PR6PI0CEBGCB41JNILNMWM21T4:557R6XU%WPVHA:VVP*PVLQ6QL41G.PTF0';

const submission = completePreArrival(preArrivalSubmissionSchema.parse(validPreArrivalSubmission));

/** A payload of any JSON, written as the given version (for texts our encoder never writes). */
async function deflated(json: unknown, version: number) {
  const stream = new Blob([JSON.stringify(json)]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return `BH${version}:${base45Encode(new Uint8Array(await new Response(stream).arrayBuffer()))}`;
}

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
    expect(await decodeQrPayload(text)).toEqual({ ok: true, value: submission, consent: null });
  });

  it('decodes the test vector of docs/qr-payload.md (the server suite checks the document has it)', async () => {
    expect(await decodeQrPayload(QR_TEST_VECTOR)).toEqual({ ok: true, value: submission, consent: null });
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
            consent: null,
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

  it('writes a consent as version 3, with or without a post, and reads it back', async () => {
    const withConsent = await encodeQrPayload({ ...submission, post: 'HAN' }, validQrConsent);
    if (!withConsent.ok) throw new Error('not encoded');
    expect(withConsent.text.startsWith('BH3:')).toBe(true);
    expect(withConsent.text).toBe(QR_TEST_VECTOR_3);
    expect(await decodeQrPayload(withConsent.text)).toEqual({
      ok: true,
      value: { ...submission, post: 'HAN' },
      consent: validQrConsent,
    });
    const noPost = await encodeQrPayload(submission, validQrConsent);
    if (!noPost.ok) throw new Error('not encoded');
    expect(noPost.text.startsWith('BH3:')).toBe(true);
    expect(await decodeQrPayload(noPost.text)).toEqual({
      ok: true,
      value: submission,
      consent: validQrConsent,
    });
    // The consent costs a few dozen characters: the full submission still fits.
    expect(withConsent.text.length - (await encoded()).length).toBeLessThan(80);
  });

  it('refuses a consent in a version 1 or 2 text, and a version 3 text without one or with a bad one', async () => {
    const withConsent = await encodeQrPayload({ ...submission, post: 'HAN' }, validQrConsent);
    if (!withConsent.ok) throw new Error('not encoded');
    const body = withConsent.text.slice(4);
    expect(await decodeQrPayload(`BH2:${body}`)).toEqual({ ok: false, reason: 'format' });
    expect(await decodeQrPayload(`BH1:${body}`)).toEqual({ ok: false, reason: 'format' });
    const withPost = await encodeQrPayload({ ...submission, post: 'HAN' });
    if (!withPost.ok) throw new Error('not encoded');
    expect(await decodeQrPayload(`BH3:${withPost.text.slice(4)}`)).toMatchObject({
      ok: false,
      reason: 'invalid',
      errors: { consent: 'validation.required' },
    });
    const bad = await deflated(
      { ...validPreArrivalSubmission, consent: { noticeVersion: '1.1<script>', at: 'x' } },
      3,
    );
    expect(await decodeQrPayload(bad)).toMatchObject({
      ok: false,
      reason: 'invalid',
      errors: { 'consent.noticeVersion': 'validation.invalid_format', 'consent.at': expect.any(String) },
    });
    const extra = await deflated(
      { ...validPreArrivalSubmission, consent: { ...validQrConsent, by: 'me' } },
      3,
    );
    expect(await decodeQrPayload(extra)).toMatchObject({ ok: false, reason: 'invalid' });
    // An unknown top-level key is not ours in any version.
    const other = await deflated({ ...validPreArrivalSubmission, extra: 1 }, 1);
    expect(await decodeQrPayload(other)).toEqual({ ok: false, reason: 'format' });
  });

  it('refuses an unknown version, a malformed text and an oversized one, with the reason', async () => {
    const text = await encoded();
    expect(await decodeQrPayload(`BH4:${text.slice(4)}`)).toEqual({ ok: false, reason: 'version' });
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
