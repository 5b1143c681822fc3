/** tesseract.js's prebuilt ES module (dist/tesseract.esm.min.js): the package's API as its default export. */
declare module 'tesseract.js/dist/tesseract.esm.min.js' {
  const tesseract: typeof import('tesseract.js');
  export default tesseract;
}
