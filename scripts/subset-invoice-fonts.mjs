// node scripts/subset-invoice-fonts.mjs — the faces the API draws invoice PDFs with (issue 47).
//
// The same families as the storefront (Noto Sans Arabic and Noto Sans, from Fontsource), cut to what an invoice
// writes and saved as TrueType, which pdfkit embeds (and subsets again to the glyphs a PDF uses): the Arabic block
// (letters, marks, both kinds of digits, its punctuation: the ranges of subset-fonts.mjs) and Latin-1 with the
// usual punctuation. HarfBuzz's subsetter keeps what shaping needs (joining forms, lam-alef, mark positions), so
// fontkit shapes the Arabic as the full face does. A character outside these is drawn as a box: widen the ranges.
//
// Writes apps/api/src/modules/invoices/fonts/noto-sans-{arabic,latin}-{400,700}.ttf (committed; run again after
// updating @fontsource/noto-sans-arabic or @fontsource/noto-sans).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(path.join(root, 'apps/web/package.json'));

const ARABIC_RANGES = [
  [0x0020, 0x0020],
  [0x060c, 0x060c],
  [0x061b, 0x061c],
  [0x061f, 0x0655],
  [0x0660, 0x06d5],
  [0x06f0, 0x06f9],
  [0x200c, 0x200f],
  [0x2010, 0x2011],
];
const LATIN_RANGES = [
  [0x0020, 0x007e],
  [0x00a0, 0x00ff],
  [0x2000, 0x200b],
  [0x2013, 0x2014],
  [0x2018, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x202f, 0x202f],
  [0x2039, 0x203a],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2212, 0x2212],
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
    const out = path.join(root, `apps/api/src/modules/invoices/fonts/noto-sans-${cut.name}-${weight}.ttf`);
    const subset = await subsetFont(readFileSync(from), cut.text, { targetFormat: 'truetype' });
    writeFileSync(out, subset);
    console.log(`${path.relative(root, out)}: ${readFileSync(from).length} -> ${subset.length} bytes`);
  }
