// Vietnamese later texts (see ../index.ts, LATER_FEATURES) as one chunk: the back office's, privacy and lock texts.
export const texts = import.meta.glob<Record<string, unknown>>(
  ['../locales/vi/{dataPrivacy,demo-form,devices,lock,pwa,users}.json', '../locales/vi/frame/audit.json'],
  { eager: true, import: 'default' },
);
