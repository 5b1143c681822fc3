// English screen texts (see ../index.ts) as one chunk: every feature but the start and later texts, and the frame's.
export const texts = import.meta.glob<Record<string, unknown>>(
  [
    '../locales/en/*.json',
    '../locales/en/frame/*.json',
    '!../locales/en/{app,auth,offline,offlineSignIn}.json',
    // The later texts (../index.ts, LATER_FEATURES).
    '!../locales/en/{dataPrivacy,demo-form,devices,lock,pwa,users}.json',
    '!../locales/en/frame/audit.json',
  ],
  { eager: true, import: 'default' },
);
