/** One language's share of the shared message catalogues (build/catalogue-texts.ts). */
declare module 'virtual:catalogue-texts/*' {
  const texts: Record<string, string>;
  export default texts;
}
