// npm run fonts — the store's Arabic faces, cut to the letters the shop writes (decision 021, fonts).
//
// Fontsource's Arabic files of Noto Sans Arabic hold the Arabic block and also Arabic Supplement, Extended-A/B and
// the presentation forms (Urdu, Persian, African and Quranic letters, pre-joined shapes): 49-50 KB a weight, more
// than all of the home page's scripts. An Egyptian shop writes within the Arabic block (U+0600-06FF: letters,
// marks, Arabic-Indic digits, ، ؛ ؟). HarfBuzz's subsetter keeps what shaping needs for those (the joining forms,
// lam-alef, marks' positions): 21-22 KB a weight. A letter outside the range is drawn by the phone's own Arabic
// face, as before this file for letters outside Fontsource's ranges.
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
export const ARABIC_RANGES = [
  [0x0600, 0x06ff],
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
