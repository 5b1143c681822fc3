// Vietnamese screen texts (see ../index.ts) as one chunk: every feature but the start and later texts, and the frame's.
export const texts = import.meta.glob<Record<string, unknown>>(
  [
    '../locales/vi/*.json',
    '../locales/vi/frame/*.json',
    '!../locales/vi/{app,auth,offline,offlineSignIn}.json',
    // The later texts (../index.ts, LATER_FEATURES).
    '!../locales/vi/{dataPrivacy,demo-form,devices,lock,pwa,users}.json',
    '!../locales/vi/frame/audit.json',
  ],
  { eager: true, import: 'default' },
);
