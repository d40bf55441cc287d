// npm run fonts — the store's faces, cut to what the shop writes (decision 021, fonts).
//
// Arabic: Fontsource's Arabic files of Noto Sans Arabic hold the Arabic block and also Arabic Supplement,
// Extended-A/B and the presentation forms (African, Quranic and pre-joined shapes): 49-50 KB a weight, more than all
// of the home page's scripts, and on every page (they are preloaded). An Egyptian shop writes the Arabic block's
// letters (with the Persian and Urdu ones some names use: پ چ ژ ڤ ک گ ی), its marks of vowels (tashkeel, hamza and
// madda as marks), both kinds of digits and its punctuation (، ؛ ؟ ٪). Left out: the Quranic signs and annotation
// marks (U+0610-061A, U+06D6-06ED), the signs spanning numbers (U+0600-0605) and a few rare marks. HarfBuzz's
// subsetter keeps what shaping needs for the letters kept (the joining forms, lam-alef, the marks' positions): 14-15
// KB a weight. A letter left out is drawn by the device's own Arabic face.
//
// Latin: Fontsource's Latin files of Noto Sans hold Latin-1 (accented letters) and general punctuation: 13 KB a
// weight, preloaded by every page. The shop writes ASCII, spaces, and a few signs (× ° ² µ € ™ – — ‘ ’ “ ” • … › ↑ ↓
// §): that cut is 8.5 KB a weight. The rest of Fontsource's range stays drawn by Fontsource's own file, which fonts.css
// names for those characters only: a page asks for it only if it writes one of them (a name with an accent an
// owner typed), and no page of the shop does.
//
// Writes apps/web/src/fonts/noto-sans-{arabic,latin}-{400,700}.woff2 (committed; run again after updating
// @fontsource/noto-sans-arabic or @fontsource/noto-sans). fonts.css names the same ranges; fonts.test.ts holds them
// together and the shaping equal to the full faces'.
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

/** The code points kept in the Latin cut, as fonts.css's unicode-range for the cut Latin faces says them. */
const LATIN_RANGES = [
  [0x0020, 0x007e], // ASCII
  [0x00a0, 0x00a0], // no-break space
  [0x00a7, 0x00a7], // §
  [0x00a9, 0x00a9], // ©
  [0x00ab, 0x00ab], // «
  [0x00ae, 0x00ae], // ®
  [0x00b0, 0x00b3], // ° ± ² ³
  [0x00b5, 0x00b5], // µ
  [0x00b7, 0x00b7], // ·
  [0x00bb, 0x00bb], // »
  [0x00d7, 0x00d7], // ×
  [0x00f7, 0x00f7], // ÷
  [0x2000, 0x200b], // spaces
  [0x2013, 0x2014], // – —
  [0x2018, 0x2019], // ‘ ’
  [0x201c, 0x201d], // “ ”
  [0x2022, 0x2022], // •
  [0x2026, 0x2026], // …
  [0x202f, 0x202f], // narrow no-break space
  [0x2032, 0x2033], // ′ ″
  [0x2039, 0x203a], // ‹ ›
  [0x2060, 0x2060], // word joiner
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
  [0x2191, 0x2191], // ↑ (the back office's order of categories)
  [0x2193, 0x2193], // ↓
  [0x2212, 0x2212], // −
];

const textOf = (ranges) =>
  ranges
    .flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => String.fromCodePoint(a + i)))
    .join('');

const cuts = [
  {
    name: 'arabic',
    text: textOf(ARABIC_RANGES),
    from: (w) => `@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-${w}-normal.woff2`,
  },
  {
    name: 'latin',
    text: textOf(LATIN_RANGES),
    from: (w) => `@fontsource/noto-sans/files/noto-sans-latin-${w}-normal.woff2`,
  },
];

for (const cut of cuts)
  for (const weight of [400, 700]) {
    const from = require.resolve(cut.from(weight));
    const out = path.join(root, `apps/web/src/fonts/noto-sans-${cut.name}-${weight}.woff2`);
    const subset = await subsetFont(readFileSync(from), cut.text, { targetFormat: 'woff2' });
    writeFileSync(out, subset);
    console.log(`${path.relative(root, out)}: ${readFileSync(from).length} -> ${subset.length} bytes`);
  }
