// English later texts (see ../index.ts, LATER_FEATURES) as one chunk: the back office's, privacy and lock texts.
export const texts = import.meta.glob<Record<string, unknown>>(
  ['../locales/en/{dataPrivacy,demo-form,devices,lock,pwa,users}.json', '../locales/en/frame/audit.json'],
  { eager: true, import: 'default' },
);
