/**
 * Values for the conformance test, read from the OpenAPI document alone: `validValue` makes only
 * values the document allows (what a generated client may send), `invalidBodies` breaks a valid
 * body the ways a client's bug would (an unknown field, a missing field, a wrong type).
 */
import fc from 'fast-check';

export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: boolean | Schema;
  propertyNames?: Schema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  uniqueItems?: boolean;
  example?: unknown;
  examples?: unknown[];
  default?: unknown;
}

export interface Components {
  schemas?: Record<string, Schema>;
}

/** The schema a `$ref` names (`#/components/schemas/X`), or the schema itself. */
export function deref(schema: Schema | undefined, components: Components): Schema {
  let s = schema ?? {};
  for (let i = 0; s.$ref && i < 10; i++) s = components.schemas?.[s.$ref.split('/').pop() ?? ''] ?? {};
  return s;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** Dates near today: what a real client sends (the server bounds entry and birth dates). */
const recentDate = fc
  .integer({ min: -3000, max: 0 })
  .map((days) => new Date(Date.now() + days * 86_400_000).toISOString());

const patterns = new Map<string, fc.Arbitrary<string>>();
function matching(pattern: string): fc.Arbitrary<string> {
  let found = patterns.get(pattern);
  if (!found) {
    found = fc.stringMatching(new RegExp(pattern, 'u'));
    patterns.set(pattern, found);
  }
  return found;
}

function stringValue(s: Schema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? 24, Math.max(min, 24));
  const fits = (v: string) =>
    [...v].length >= min && [...v].length <= (s.maxLength ?? Number.MAX_SAFE_INTEGER);
  const re = s.pattern ? new RegExp(s.pattern, 'u') : null;
  const ok = (v: string) => fits(v) && (!re || re.test(v));
  let base: fc.Arbitrary<string>;
  if (s.format === 'uuid') base = fc.uuid({ version: 4 });
  else if (s.format === 'email')
    base = fc
      .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,8}$/), fc.constantFrom('test.vn', 'example.org'))
      .map(([u, d]) => `${u}@${d}`);
  else if (s.format === 'date') base = recentDate.map((d) => d.slice(0, 10));
  else if (s.format === 'date-time') base = recentDate;
  else if (s.format === 'time')
    base = fc.tuple(fc.nat(23), fc.nat(59)).map(([h, m]) => `${pad(h)}:${pad(m)}:00`);
  else if (s.pattern) base = matching(s.pattern);
  else base = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,30}[A-Za-z0-9]$/).map((v) => v.slice(0, max));
  return base.filter(ok);
}

function numberValue(s: Schema, integer: boolean): fc.Arbitrary<number> {
  const lo = Math.max(s.minimum ?? (s.exclusiveMinimum ?? -1000) + (integer ? 1 : 0.001), -(2 ** 31));
  const hi = Math.min(s.maximum ?? (s.exclusiveMaximum ?? 1000) - (integer ? 1 : 0.001), 2 ** 31 - 1);
  const step = s.multipleOf;
  if (step) {
    // k x step, rounded to the step's decimals (36.6, not 36.60000000000001).
    const decimals = (String(step).split('.')[1] ?? '').length;
    return fc
      .integer({ min: Math.ceil(lo / step), max: Math.floor(hi / step) })
      .map((k) => Number((k * step).toFixed(decimals)));
  }
  return integer
    ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) })
    : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
}

/** A value `schema` allows, nothing else. */
export function validValue(
  schema: Schema | undefined,
  components: Components,
  depth = 0,
): fc.Arbitrary<unknown> {
  const s = deref(schema, components);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const branches = s.oneOf ?? s.anyOf;
  if (branches?.length) {
    // Branches next to properties narrow the object (one per kind, per table and op): merged.
    const { oneOf: _o, anyOf: _a, ...base } = s;
    return fc.oneof(
      ...branches.map((b) =>
        validValue(base.properties ? merged(base, deref(b, components)) : b, components, depth + 1),
      ),
    );
  }
  if (s.allOf?.length) {
    const merged: Schema = { type: 'object', properties: {}, required: [], additionalProperties: false };
    for (const part of s.allOf.map((p) => deref(p, components))) {
      Object.assign(merged.properties ?? {}, part.properties);
      merged.required?.push(...(part.required ?? []));
    }
    return validValue(merged, components, depth + 1);
  }
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : s.properties ? ['object'] : [];
  if (types.length > 1)
    return fc.oneof(...types.map((t) => validValue({ ...s, type: t }, components, depth)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return numberValue(s, true);
    case 'number':
      return numberValue(s, false);
    case 'string':
      return stringValue(s);
    case 'array': {
      const minLength = s.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(s.maxItems ?? 3, depth > 2 ? minLength : 3));
      const item = validValue(s.items, components, depth + 1);
      return s.uniqueItems
        ? fc.uniqueArray(item, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
        : fc.array(item, { minLength, maxLength });
    }
    case 'object':
      return objectValue(s, components, depth);
    default:
      return fc.constantFrom<unknown>('x', 1, true, null);
  }
}

function merged(base: Schema, branch: Schema): Schema {
  // A branch's own alternatives (anyOf): its first one is folded in.
  const inner = branch.anyOf?.[0] ?? {};
  return {
    ...base,
    properties: { ...base.properties, ...branch.properties, ...inner.properties },
    required: [...new Set([...(base.required ?? []), ...(branch.required ?? []), ...(inner.required ?? [])])],
  };
}

function objectValue(s: Schema, components: Components, depth: number): fc.Arbitrary<unknown> {
  const props = s.properties ?? {};
  const required = new Set(s.required ?? []);
  const entries = Object.entries(props).map(([key, sub]) => {
    const value = validValue(sub, components, depth + 1);
    return [key, required.has(key) ? value : fc.option(value, { nil: undefined, freq: 2 })] as const;
  });
  const record = fc.record(Object.fromEntries(entries)).map((o) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
    return out;
  });
  if (s.minProperties) return record.filter((o) => Object.keys(o).length >= (s.minProperties ?? 0));
  return record;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** Bodies that break a valid one as a buggy client would. */
export function invalidBody(valid: unknown, schema: Schema, components: Components): fc.Arbitrary<unknown> {
  const s = deref(schema, components);
  const object = isRecord(valid) ? valid : null;
  const options: fc.Arbitrary<unknown>[] = [fc.constantFrom<unknown>(null, 42, 'text', [valid])];
  if (object) {
    options.push(fc.constant({ ...object, zzUnknownField: 'x' }));
    const required = s.required ?? [];
    if (required.length)
      options.push(
        fc.constantFrom(...required).map((k) => {
          const { [k]: _gone, ...rest } = object;
          return rest;
        }),
      );
    const keys = Object.keys(object);
    if (keys.length)
      options.push(
        fc
          .tuple(
            fc.constantFrom(...keys),
            fc.constantFrom<unknown>({ nested: true }, [], -1.5, 'x'.repeat(5000)),
          )
          .map(([k, v]) => ({ ...object, [k]: v })),
      );
  }
  return fc.oneof(...options);
}
