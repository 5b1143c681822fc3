/**
 * The login screen's checks with the shared schemas (the contract the API validates with): a
 * chunk of its own, loaded after the screen's first render, so zod is not part of the
 * JavaScript the login screen needs to appear (scripts/bundle-size.mjs).
 */
import { DEMO_ACCOUNTS, type DemoAccount, demoModeSchema, loginFormSchema } from '@bh/shared';
import { schemaResolver } from '../../components/form/shared-resolver.ts';

export const loginResolver = schemaResolver(loginFormSchema);

/**
 * The demo accounts to list for this answer of GET /api/auth/demo: all of them when it says the
 * server runs in demo mode, none for any other answer. (The shared module that holds them also
 * builds the demo-mode schema, so they load with it.)
 */
export function demoAccountsFor(answer: unknown): readonly DemoAccount[] {
  const parsed = demoModeSchema.safeParse(answer);
  return parsed.success && parsed.data.demo ? DEMO_ACCOUNTS : [];
}
