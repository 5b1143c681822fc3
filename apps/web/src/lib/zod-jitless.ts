/**
 * zod builds a faster parser for each object schema with `new Function` when it may, and probes
 * for that permission first. The app's Content Security Policy has no 'unsafe-eval', so the probe
 * is a CSP violation on every page (Firefox logs it as an error, every engine fires
 * `securitypolicyviolation`). Jitless, zod parses with its interpreter and never probes.
 *
 * main.tsx imports this module first, before any module that builds a schema (object schemas
 * decide when they are built). It sets zod's shared configuration object, which zod keeps on
 * globalThis for every copy of itself, instead of importing zod's `config`: the login screen
 * loads zod only when its form is first used. zod-jitless.test.ts checks that zod reads it.
 */
const existing: unknown = Reflect.get(globalThis, '__zod_globalConfig');
const shared = typeof existing === 'object' && existing !== null ? existing : {};
Reflect.set(shared, 'jitless', true);
Reflect.set(globalThis, '__zod_globalConfig', shared);

export {};
