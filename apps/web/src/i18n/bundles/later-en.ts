// English later texts (see ../index.ts, LATER_FEATURES) as one chunk: the back office's and privacy texts.
export const texts = import.meta.glob<Record<string, unknown>>(
  ['../locales/en/{dataPrivacy,demo-form,devices,pwa,users}.json', '../locales/en/frame/audit.json'],
  { eager: true, import: 'default' },
);
