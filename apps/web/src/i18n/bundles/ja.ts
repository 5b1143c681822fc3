// Japanese start texts (see ../index.ts) as one chunk, loaded when Japanese is chosen.
import catalogue from 'virtual:catalogue-texts/ja';

export { catalogue };
// Keep this list in step with the other start-text globs (../index.ts; i18n.test.ts checks them).
export const texts = import.meta.glob<Record<string, unknown>>(
  '../locales/ja/{app,auth,offline,offlineSignIn}.json',
  {
    eager: true,
    import: 'default',
  },
);
