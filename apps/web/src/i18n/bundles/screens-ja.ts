// Japanese screen texts (see ../index.ts) as one chunk: every feature but the start texts, and the frame's.
export const texts = import.meta.glob<Record<string, unknown>>(
  [
    '../locales/ja/*.json',
    '../locales/ja/frame/*.json',
    '!../locales/ja/{app,auth,offline,offlineSignIn}.json',
  ],
  { eager: true, import: 'default' },
);
