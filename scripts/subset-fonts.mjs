// npm run fonts — the store's Arabic faces, cut to the letters the shop writes (decision 021, fonts).
//
// Fontsource's Arabic files of Noto Sans Arabic hold the Arabic block and also Arabic Supplement, Extended-A/B and
// the presentation forms (African, Quranic and pre-joined shapes): 49-50 KB a weight, more than all of the home
// page's scripts, and on every page (they are preloaded). An Egyptian shop writes the Arabic block's letters (with
// the Persian and Urdu ones some names use: پ چ ژ ڤ ک گ ی), its marks of vowels (tashkeel, hamza and madda as
// marks), both kinds of digits and its punctuation (، ؛ ؟ ٪). Left out: the Quranic signs and annotation marks
// (U+0610-061A, U+06D6-06ED), the signs spanning numbers (U+0600-0605) and a few rare marks. HarfBuzz's subsetter
// keeps what shaping needs for the letters kept (the joining forms, lam-alef, the marks' positions): 14-15 KB a
// weight. A letter left out is drawn by the device's own Arabic face.
//
// Writes apps/web/src/fonts/noto-sans-arabic-{400,700}.woff2 (committed; run again after updating
// @fontsource/noto-sans-arabic). fonts.css names the same range; fonts.test.ts holds the two together and the
// shaping equal to the full face's.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(path.join(root, 'apps/web/package.json'));

/** The code points kept, as fonts.css's unicode-range for the Arabic faces says them. */
const ARABIC_RANGES = [
  [0x060c, 0x060c],
  [0x061b, 0x061c],
  [0x061f, 0x0655],
  [0x0660, 0x06d5],
  [0x06f0, 0x06f9],
  [0x200c, 0x200e],
  [0x2010, 0x2011],
];

const text = ARABIC_RANGES.flatMap(([a, b]) =>
  Array.from({ length: b - a + 1 }, (_, i) => String.fromCodePoint(a + i)),
).join('');

for (const weight of [400, 700]) {
  const from = require.resolve(
    `@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-${weight}-normal.woff2`,
  );
  const out = path.join(root, `apps/web/src/fonts/noto-sans-arabic-${weight}.woff2`);
  const subset = await subsetFont(readFileSync(from), text, { targetFormat: 'woff2' });
  writeFileSync(out, subset);
  console.log(`${path.relative(root, out)}: ${readFileSync(from).length} -> ${subset.length} bytes`);
}
