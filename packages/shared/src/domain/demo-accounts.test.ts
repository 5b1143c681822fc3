import { describe, expect, it } from 'vitest';
import { demoModeSchema } from '../api/auth.ts';
import { isDemoMode } from './demo-accounts.ts';

describe('isDemoMode', () => {
  // The login screen reads GET /api/auth/demo with isDemoMode (no zod on that screen); the
  // server answers with demoModeSchema. Both must call the same answers demo mode.
  const answers: unknown[] = [
    { demo: true },
    { demo: false },
    {},
    null,
    undefined,
    true,
    'demo',
    [true],
    { demo: 'true' },
    { demo: 1 },
    { demo: null },
    { demo: true, extra: 1 },
  ];
  it.each(answers.map((a) => [JSON.stringify(a) ?? String(a), a]))(
    'agrees with the schema the server answers with: %s',
    (_label, answer) => {
      const parsed = demoModeSchema.safeParse(answer);
      expect(isDemoMode(answer)).toBe(parsed.success && parsed.data.demo);
    },
  );
});
