// English screen texts (see ../index.ts) as one chunk: every feature but the start texts, and the frame's.
export const texts = import.meta.glob<Record<string, unknown>>(
  [
    '../locales/en/*.json',
    '../locales/en/frame/*.json',
    '!../locales/en/{app,auth,offline,offlineSignIn}.json',
  ],
  { eager: true, import: 'default' },
);
