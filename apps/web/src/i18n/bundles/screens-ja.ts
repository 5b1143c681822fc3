// Japanese screen texts (see ../index.ts) as one chunk: every feature but the start and later texts, and the frame's.
export const texts = import.meta.glob<Record<string, unknown>>(
  [
    '../locales/ja/*.json',
    '../locales/ja/frame/*.json',
    '!../locales/ja/{app,auth,offline,offlineSignIn}.json',
    // The later texts (../index.ts, LATER_FEATURES).
    '!../locales/ja/{dataPrivacy,demo-form,devices,lock,pwa,users}.json',
    '!../locales/ja/frame/audit.json',
  ],
  { eager: true, import: 'default' },
);
