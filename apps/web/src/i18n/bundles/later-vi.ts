// Vietnamese later texts (see ../index.ts, LATER_FEATURES) as one chunk: the back office's and privacy texts.
export const texts = import.meta.glob<Record<string, unknown>>(
  ['../locales/vi/{dataPrivacy,demo-form,devices,pwa,users}.json', '../locales/vi/frame/audit.json'],
  { eager: true, import: 'default' },
);
