/**
 * Collects every message a schema produces on bad input: junk instead of the whole value, and
 * for every field path of a valid sample: the field removed or replaced by each junk value.
 */
import type { z } from 'zod';

const JUNK: readonly unknown[] = [
  undefined,
  null,
  '',
  '   ',
  'x',
  'X'.repeat(6000),
  'not valid @ all',
  '2025-13-45',
  -1,
  0,
  1.5,
  37.55,
  1e15,
  Number.NaN,
  true,
  false,
  [],
  ['x', 1],
  {},
  { unexpected: 1 },
];

type Path = readonly (string | number)[];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function paths(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) {
    return value.length > 0 ? [[...prefix, 0], ...paths(value[0], [...prefix, 0])] : [];
  }
  if (!isObject(value)) return [];
  return Object.keys(value).flatMap((key) => [[...prefix, key], ...paths(value[key], [...prefix, key])]);
}

function withPath(value: unknown, path: Path, replacement: unknown, remove = false): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = withPath(copy[head as number], rest, replacement, remove);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  if (remove && rest.length === 0) delete copy[head];
  else copy[head] = withPath(copy[head], rest, replacement, remove);
  return copy;
}

/** Every input variant used to probe a schema. */
export function badInputs(valid: unknown): unknown[] {
  const inputs: unknown[] = [...JUNK];
  if (isObject(valid)) inputs.push({ ...valid, unexpectedField: 1 });
  for (const path of paths(valid)) {
    inputs.push(withPath(valid, path, undefined, true));
    for (const junk of JUNK) inputs.push(withPath(valid, path, junk));
  }
  return inputs;
}

/** Messages of every issue the schema raises on the bad inputs (and the extra inputs). */
export function collectSchemaMessages(
  schema: z.ZodType,
  valid: unknown,
  extra: readonly unknown[] = [],
): Set<string> {
  const messages = new Set<string>();
  for (const input of [...badInputs(valid), ...extra]) {
    const result = schema.safeParse(input);
    if (!result.success) for (const issue of result.error.issues) messages.add(issue.message);
  }
  return messages;
}
