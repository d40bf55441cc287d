// fontverter (a dependency of subset-font) has no types of its own; fonts.test.ts reads the faces through it.
declare module 'fontverter' {
  const fontverter: {
    convert(font: Uint8Array, to: 'truetype' | 'sfnt' | 'woff' | 'woff2'): Promise<Uint8Array>;
  };
  export default fontverter;
}
