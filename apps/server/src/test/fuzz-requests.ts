/**
 * Whole requests for the route fuzz test: caller and authorization variants, path parameters,
 * query strings (raw, so broken percent-encoding and NUL get through), headers, and bodies as
 * JSON, raw text, CSV and multipart (good, without boundary, wrong boundary, truncated).
 */
import fc from 'fast-check';
import {
  anyValue,
  bodyFor,
  type JsonSchema,
  nastyString,
  utf16String,
  valueFor,
} from './fuzz-arbitraries.ts';

type Caller = 'anonymous' | 'officer' | 'admin';

/** What the generator knows about one route, read from the OpenAPI document. */
export interface RouteSpec {
  method: string;
  route: string;
  query: Record<string, JsonSchema>;
  body: JsonSchema | null;
  /** Known-valid bodies (test fixtures) the generator varies, to get deep into the handler. */
  samples?: Record<string, unknown>[];
}

export interface FuzzContext {
  /** Bearer tokens of live sessions. */
  tokens: Record<Exclude<Caller, 'anonymous'>, string>;
  /** Ids of records that exist (travellers, declarations, files, users, notifications...). */
  ids: string[];
}

export interface FuzzRequest {
  caller: Caller;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Percent-encodes any UTF-16 text; a lone surrogate goes out as the bytes it would have in CESU-8. */
function pct(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
    } else out += encodeURIComponent(ch);
  }
  return out;
}

const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

/** Header values HTTP can carry (visible ASCII and space). */
const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 60,
});

function authorization(ctx: FuzzContext, caller: Caller): fc.Arbitrary<string | null> {
  const own = caller === 'anonymous' ? null : ctx.tokens[caller];
  const other = ctx.tokens.officer;
  const tampered = (t: string) => `${t.slice(0, -1)}${t.endsWith('A') ? 'B' : 'A'}`;
  const junk = fc.constantFrom(
    'Bearer',
    'Bearer ',
    'Bearer x.y.z',
    'Basic dXNlcjpwYXNz',
    `Bearer ${tampered(other)}`,
    `Bearer ${other.split('.').slice(0, 2).join('.')}.`,
    `bearer ${other}`,
    `Bearer  ${other} extra`,
    `Bearer eyJhbGciOiJub25lIn0.${other.split('.')[1] ?? ''}.`,
  );
  if (own === null) return fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, junk, headerText);
  return fc.oneof({ arbitrary: fc.constant(`Bearer ${own}`), weight: 8 }, junk);
}

function paramValue(ctx: FuzzContext): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...ctx.ids), weight: 4 },
    { arbitrary: fc.uuid(), weight: 2 },
    nastyString.map(pct),
    fc.constantFrom('%', '%zz', '%00', '..', '%2e%2e', 'a%2Fb'),
  );
}

function queryString(spec: RouteSpec): fc.Arbitrary<string> {
  const known = Object.entries(spec.query).map(([name, schema]) =>
    fc.option(
      valueFor(schema).map((v) => `${name}=${pct(asText(v))}`),
      { freq: 3 },
    ),
  );
  const stray = fc.array(
    fc.oneof(
      fc.tuple(utf16String(8), nastyString).map(([k, v]) => `${pct(k)}=${pct(v)}`),
      fc.constantFrom(
        '%',
        '=%',
        'a=%E0%A4%A',
        'a[]=1&a[]=2',
        '__proto__[x]=1',
        'page=1&page=2',
        '&&&',
        'x=%00',
      ),
    ),
    { maxLength: 2 },
  );
  return fc
    .tuple(fc.tuple(...known), stray)
    .map(([parts, extra]) => [...parts.filter((p): p is string => p !== null), ...extra].join('&'));
}

const CSV_COLUMNS = [
  'fullName',
  'passportNo',
  'nationality',
  'entryDate',
  'status',
  'note',
  'birthDate',
  'gender',
];
const csvCell = fc.oneof(
  fc.constantFrom(
    'Nguyễn Văn A',
    'B1234567',
    'VN',
    '2026-11-20',
    'pending',
    '"',
    '""',
    'a,b',
    '"a\nb"',
    '=1+1',
    '',
  ),
  nastyString,
);
const csvBody = fc
  .tuple(
    fc.subarray(CSV_COLUMNS, { minLength: 0 }),
    fc.array(fc.array(csvCell, { maxLength: 9 }), { maxLength: 5 }),
    fc.constantFrom('\n', '\r\n', '\r'),
    fc.boolean(),
  )
  .map(
    ([header, rows, eol, bom]) => (bom ? '\uFEFF' : '') + [header, ...rows].map((r) => r.join(',')).join(eol),
  );

function multipart(): fc.Arbitrary<{ contentType: string; payload: Buffer }> {
  const part = fc.record({
    name: fc.constantFrom('file', 'file_type', 'id', 'x', '__proto__', ''),
    filename: fc.option(fc.constantFrom('a.png', 'a.csv', 'a.pdf', '../x', 'a\u0000.png', ''), {
      nil: undefined,
    }),
    type: fc.constantFrom('image/png', 'text/csv', 'application/pdf', 'application/octet-stream', ''),
    data: fc.oneof(
      fc.constantFrom(
        '\x89PNG\r\n\x1a\n0123',
        '%PDF-1.4\n    ',
        'health_test_result',
        'vaccination_certificate',
      ),
      csvBody,
      nastyString,
      fc.uuid(),
    ),
  });
  return fc
    .tuple(
      fc.array(part, { maxLength: 4 }),
      fc.constantFrom('B0undary', 'x'.repeat(70), '----bh-test'),
      fc.constantFrom(
        'ok',
        'ok',
        'no-boundary',
        'wrong-boundary',
        'empty-boundary',
        'long-boundary',
        'truncated',
        'mixed',
      ),
      fc.nat(),
    )
    .map(([parts, boundary, mode, cut]) => {
      let body = '';
      for (const p of parts) {
        body += `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
        body +=
          p.filename !== undefined
            ? `; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`
            : '\r\n\r\n';
        body += `${p.data}\r\n`;
      }
      body += `--${boundary}--\r\n`;
      const payload = Buffer.from(body, 'latin1');
      const types: Record<string, string> = {
        ok: `multipart/form-data; boundary=${boundary}`,
        'no-boundary': 'multipart/form-data',
        'wrong-boundary': 'multipart/form-data; boundary=Other',
        'empty-boundary': 'multipart/form-data; boundary=',
        'long-boundary': `multipart/form-data; boundary=${'b'.repeat(300)}`,
        truncated: `multipart/form-data; boundary=${boundary}`,
        mixed: `multipart/mixed; boundary=${boundary}`,
      };
      const sliced = mode === 'truncated' ? payload.subarray(0, cut % (payload.length + 1)) : payload;
      return { contentType: types[mode] ?? types.ok ?? '', payload: sliced };
    });
}

/** A well-formed upload (file plus fields) with one field varied: reaches the upload handlers. */
const goodUpload = fc
  .record({
    fileType: fc.oneof(fc.constantFrom('health_test_result', 'vaccination_certificate'), nastyString),
    id: fc.option(fc.oneof(fc.uuid(), nastyString), { nil: undefined }),
    file: fc.constantFrom(
      { name: 'a.png', type: 'image/png', data: '\x89PNG\r\n\x1a\n0123' },
      { name: 'a.pdf', type: 'application/pdf', data: '%PDF-1.4\n    ' },
      {
        name: 'a.csv',
        type: 'text/csv',
        data: 'fullName,passportNo,nationality,entryDate\nA B,B1234567,VN,2026-11-20',
      },
    ),
    csv: fc.option(csvBody, { nil: undefined }),
  })
  .map(({ fileType, id, file, csv }) => {
    const b = 'GoodBoundary7';
    let body = `--${b}\r\nContent-Disposition: form-data; name="file_type"\r\n\r\n${fileType}\r\n`;
    if (id !== undefined) body += `--${b}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${id}\r\n`;
    const data = csv !== undefined && file.type === 'text/csv' ? csv : file.data;
    body += `--${b}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n${data}\r\n--${b}--\r\n`;
    // Field text as UTF-8, file bytes as they are.
    return { contentType: `multipart/form-data; boundary=${b}`, payload: Buffer.from(body, 'utf8') };
  });

type Body = { contentType?: string; payload?: string | Buffer };

function body(spec: RouteSpec): fc.Arbitrary<Body> {
  const json = (value: fc.Arbitrary<unknown>) =>
    value.map((v): Body => ({ contentType: 'application/json', payload: JSON.stringify(v) ?? 'null' }));
  const options: fc.Arbitrary<Body>[] = [
    fc.constant({}),
    json(anyValue),
    fc.record({
      contentType: fc.constantFrom(
        'application/json',
        'application/json; charset=latin1',
        'text/plain',
        'text/csv',
        'application/x-www-form-urlencoded',
        'application/xml',
        'foo/bar',
        '',
      ),
      payload: fc.oneof(
        fc.constantFrom(
          '',
          '{',
          '{"a":',
          'null',
          '[]',
          '"\\u0000"',
          '{"__proto__":{"x":1}}',
          '\uFEFF{}',
          '{"a":"\\ud800"}',
        ),
        utf16String(80),
      ),
    }),
    csvBody.map((payload): Body => ({ contentType: 'text/csv', payload })),
    multipart(),
    goodUpload,
    goodUpload,
  ];
  if (spec.body) {
    const own = json(bodyFor(spec.body, spec.samples));
    options.push(own, own, own, own);
  }
  return fc.oneof(...options);
}

/** One request to `spec` with its route params filled in. */
export function requestFor(spec: RouteSpec, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const paramNames = [...spec.route.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');
  // Built once per route (not per sample): making arbitraries is the costly part.
  const who = fc.oneof(
    ...(['anonymous', 'officer', 'admin'] as const).map((caller) =>
      authorization(ctx, caller).map((auth) => ({ caller, auth })),
    ),
  );
  const quiet = spec.method === 'GET' || spec.method === 'DELETE';
  return fc
    .record({
      who,
      params: fc.tuple(...paramNames.map(() => paramValue(ctx))),
      query: fc.option(queryString(spec), { freq: 4, nil: '' }),
      body: quiet ? fc.oneof({ arbitrary: fc.constant<Body>({}), weight: 5 }, body(spec)) : body(spec),
      extra: fc.dictionary(
        fc.constantFrom(
          'accept',
          'cookie',
          'origin',
          'referer',
          'x-forwarded-for',
          'accept-language',
          'user-agent',
        ),
        headerText,
        { maxKeys: 2 },
      ),
    })
    .map(({ who: { caller, auth }, params, query, body: b, extra }) => {
      let path = spec.route;
      paramNames.forEach((name, i) => {
        path = path.replace(`:${name}`, () => params[i] || 'x');
      });
      const headers: Record<string, string> = { ...extra };
      if (auth !== null) headers.authorization = auth;
      if (b.contentType !== undefined) headers['content-type'] = b.contentType;
      return {
        caller,
        method: spec.method,
        url: query ? `${path}?${query}` : path,
        headers,
        payload: b.payload,
      };
    });
}
