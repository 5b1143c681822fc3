import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SCHEMA_SAMPLES } from '../testing/schema-samples.ts';

describe('JSON Schema (OpenAPI) generation', () => {
  it('represents every schema for input and output', () => {
    for (const [name, schema] of SCHEMA_SAMPLES) {
      for (const io of ['input', 'output'] as const) {
        expect(() => z.toJSONSchema(schema, { io }), `${name} (${io})`).not.toThrow();
      }
    }
  });
});
