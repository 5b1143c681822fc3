// English start texts (see ../index.ts) as one chunk, loaded when English is chosen.
import catalogue from 'virtual:catalogue-texts/en';

export { catalogue };
// Keep this list in step with the other start-text globs (../index.ts; i18n.test.ts checks them).
export const texts = import.meta.glob<Record<string, unknown>>(
  '../locales/en/{app,auth,offline,offlineSignIn}.json',
  {
    eager: true,
    import: 'default',
  },
);
