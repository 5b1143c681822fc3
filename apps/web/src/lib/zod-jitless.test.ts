import { expect, it } from 'vitest';

it('makes zod jitless: object schemas parse without new Function', async () => {
  await import('./zod-jitless.ts');
  const { globalConfig } = await import('zod/v4/core');
  expect(globalConfig.jitless).toBe(true);
  const { z } = await import('zod');
  const original = globalThis.Function;
  let built = 0;
  globalThis.Function = new Proxy(original, {
    construct(target, args) {
      built += 1;
      return Reflect.construct(target, args);
    },
    apply(target, self, args) {
      built += 1;
      return Reflect.apply(target, self, args);
    },
  });
  try {
    const schema = z.object({ name: z.string(), age: z.number() });
    expect(schema.parse({ name: 'An', age: 30 })).toEqual({ name: 'An', age: 30 });
    expect(schema.safeParse({ name: 1 }).success).toBe(false);
  } finally {
    globalThis.Function = original;
  }
  expect(built).toBe(0);
});
