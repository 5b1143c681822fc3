// Japanese texts as one chunk, loaded when Japanese is chosen (see ../index.ts).
export const texts = import.meta.glob<Record<string, unknown>>('../locales/ja/*.json', {
  eager: true,
  import: 'default',
});
