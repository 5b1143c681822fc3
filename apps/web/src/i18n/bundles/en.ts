// English texts as one chunk, loaded when English is chosen (see ../index.ts).
export const texts = import.meta.glob<Record<string, unknown>>('../locales/en/*.json', {
  eager: true,
  import: 'default',
});
