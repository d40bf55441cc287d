// The store's faces are cut to what an Egyptian shop writes (scripts/subset-fonts.mjs). What a shopper relies on:
// every letter the shop writes is drawn by the store's preloaded faces (an Arabic letter left to another face would
// break its word's joining; a Latin sign left to Fontsource's file would cost a page one more file after its first
// paint), and a cut face draws a word exactly as the full face does (the same shapes, same places).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fontverter from 'fontverter';
import { Blob, Buffer, Face, Font, shape } from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';

/** A test that shapes every word of the shop with two faces (harfbuzz in WebAssembly). */
const SHAPING_TIMEOUT_MS = 30_000;

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const require = createRequire(import.meta.url);

/** A unicode-range as code points. */
function codePoints(range: string) {
  const points = new Set<number>();
  for (const part of range.split(',')) {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
    for (let c = parseInt(from!, 16); c <= parseInt(to!, 16); c++) points.add(c);
  }
  return points;
}

/** The faces of fonts.css: each one's file (as fonts.css names it), weight and unicode-range, as code points. */
function cssFaces() {
  const css = readFileSync(path.join(here, 'fonts.css'), 'utf8');
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((m) => {
    const block = m[1]!;
    const url = /url\('([^']+)'\)/.exec(block)![1]!;
    return {
      file: url.startsWith('./') ? path.join(here, url) : require.resolve(url),
      url,
      weight: Number(/font-weight:\s*(\d+)/.exec(block)![1]),
      range: codePoints(/unicode-range:([^;]+);/.exec(block)![1]!),
    };
  });
}

/** The Arabic faces of fonts.css (cut, src/fonts). */
const arabicFaces = () => cssFaces().filter((f) => f.url.includes('noto-sans-arabic'));

async function loadFont(file: string) {
  const data = await fontverter.convert(readFileSync(file), 'truetype');
  const face = new Face(new Blob(data));
  return { font: new Font(face), unicodes: new Set(face.collectUnicodes()) };
}

/** The file of Fontsource a cut face of fonts.css was cut from. */
const FULL_FACES = {
  arabic: (weight: number) =>
    `@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-${weight}-normal.woff2`,
  latin: (weight: number) => `@fontsource/noto-sans/files/noto-sans-latin-${weight}-normal.woff2`,
};

/** A cut face and the full face of Fontsource it was cut from. */
async function cutAndFull(file: string, weight: number, script: keyof typeof FULL_FACES = 'arabic') {
  return {
    cut: await loadFont(file),
    full: await loadFont(require.resolve(FULL_FACES[script](weight))),
  };
}

/** Every word of a kind the shop writes: its texts, the demo catalog, the API's messages (and its code). */
function shopWords(kind: RegExp = /[\p{Script=Arabic}\u200c-\u200e]+/gu, textsOnly = false): Set<string> {
  const words = new Set<string>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (!['node_modules', 'dist', 'dist-server'].includes(e.name)) walk(p);
      } else if (/\.(ts|tsx|json)$/.test(e.name) && !(textsOnly && e.name.includes('.test.'))) {
        let text = readFileSync(p, 'utf8');
        // Without the tests and the code's comments (a "§" of the spec's sections is nobody's text).
        if (textsOnly) text = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
        for (const m of text.matchAll(kind)) words.add(m[0]);
      }
    }
  };
  for (const dir of ['apps/web/src', 'apps/api/src', 'packages/contracts/src']) walk(path.join(root, dir));
  return words;
}

function shaped(font: Font, text: string) {
  const buffer = new Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  shape(font, buffer);
  // What is drawn: an invisible mark of direction (U+200E) is an empty glyph in one face and no glyph in the other.
  return buffer
    .getGlyphInfosAndPositions()
    .map((g) => ({ ...g, path: font.glyphToPath(g.codepoint) }))
    .filter((g) => g.path || g.xAdvance)
    .map((g) => `${g.cluster} ${g.xAdvance} ${g.xOffset} ${g.yOffset} ${g.path}`);
}

describe('the Arabic faces', () => {
  const faces = arabicFaces();
  const words = shopWords();

  it('are both weights, cut to what an Egyptian shop writes', () => {
    expect(faces.map((f) => f.weight).sort()).toEqual([400, 700]);
    for (const f of faces) {
      expect(f.range.has(0x0627)).toBe(true); // ا
      expect(f.range.has(0x06a4)).toBe(true); // ڤ
      expect(f.range.has(0x0610)).toBe(false); // a Quranic sign
      expect(f.range.has(0x0750)).toBe(false); // Arabic Supplement: not an Egyptian shop's
    }
    expect(words.size).toBeGreaterThan(1_000);
  });

  it.each(faces.map((f) => [f.weight, f] as const))(
    'weight %i holds every letter of its range the full face has, and the shop writes none outside it',
    async (weight, face) => {
      const { cut, full } = await cutAndFull(face.file, weight);
      const expected = [...face.range].filter((c) => full.unicodes.has(c)).sort((a, b) => a - b);
      expect([...cut.unicodes].sort((a, b) => a - b)).toEqual(expected);
      const outside = new Set<string>();
      for (const w of words) for (const ch of w) if (!cut.unicodes.has(ch.codePointAt(0)!)) outside.add(ch);
      expect([...outside]).toEqual([]);
    },
  );

  it.each(faces.map((f) => [f.weight, f] as const))(
    'weight %i draws each of the shop’s words as the full face does',
    async (weight, face) => {
      const { cut, full } = await cutAndFull(face.file, weight);
      const differ = [...words].filter(
        (w) => shaped(cut.font, w).join('|') !== shaped(full.font, w).join('|'),
      );
      expect(differ).toEqual([]);
    },
    SHAPING_TIMEOUT_MS,
  );
});

describe('the Latin faces', () => {
  const faces = cssFaces().filter((f) => /noto-sans-latin/.test(f.url));
  const cut = faces.filter((f) => f.url.startsWith('./'));
  const rest = faces.filter((f) => !f.url.startsWith('./'));
  // Runs of Latin letters, digits and the signs between them, as the shop writes them (a model number, "55 inch",
  // "1.5 HP", "Wi-Fi 6"), and any character of Fontsource's Latin range that is not plain ASCII.
  const words = shopWords(
    /[\p{Script=Latin}0-9](?:[\p{Script=Latin}0-9 .,'’×°²³µ+/-]*[\p{Script=Latin}0-9])?/gu,
    true,
  );
  const signs = shopWords(
    /[\u00a0-\u00ff\u0131\u0152\u0153\u02bb\u02bc\u02c6\u02da\u02dc\u2000-\u206f\u20ac\u2122\u2191\u2193\u2212\u2215]/gu,
    true,
  );

  it("are both weights, cut to ASCII and the shop's signs; Fontsource's file draws the rest of its range", () => {
    expect(cut.map((f) => f.weight).sort()).toEqual([400, 700]);
    expect(rest.map((f) => f.weight).sort()).toEqual([400, 700]);
    for (const weight of [400, 700]) {
      const mine = cut.find((f) => f.weight === weight)!.range;
      const theirs = rest.find((f) => f.weight === weight)!.range;
      expect(mine.has(0x41)).toBe(true); // A
      expect(mine.has(0xd7)).toBe(true); // ×
      expect(mine.has(0xe9)).toBe(false); // é: Fontsource's file
      // Together they are Fontsource's Latin range, each character in one of them only.
      const fontsource = codePoints(
        'U+0020-007E, U+00A0-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, ' +
          'U+0329, U+2000-200B, U+2012-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
      );
      expect([...mine].filter((c) => theirs.has(c))).toEqual([]);
      expect([...fontsource].filter((c) => !mine.has(c) && !theirs.has(c))).toEqual([]);
    }
    expect(words.size).toBeGreaterThan(1_000);
  });

  it.each(cut.map((f) => [f.weight, f] as const))(
    "weight %i holds every character of its range the full face has, and the shop writes none of Fontsource's rest",
    async (weight, face) => {
      const { cut: mine, full } = await cutAndFull(face.file, weight, 'latin');
      const expected = [...face.range].filter((c) => full.unicodes.has(c)).sort((a, b) => a - b);
      expect([...mine.unicodes].sort((a, b) => a - b)).toEqual(expected);
      const theirs = rest.find((f) => f.weight === weight)!.range;
      expect([...signs].filter((ch) => theirs.has(ch.codePointAt(0)!))).toEqual([]);
    },
  );

  it.each(cut.map((f) => [f.weight, f] as const))(
    'weight %i draws each of the shop’s Latin words as the full face does',
    async (weight, face) => {
      const { cut: mine, full } = await cutAndFull(face.file, weight, 'latin');
      const differ = [...words].filter(
        (w) => shaped(mine.font, w).join('|') !== shaped(full.font, w).join('|'),
      );
      expect(differ).toEqual([]);
    },
    // Shaping every Latin word of the shop twice: 0.5 s on an idle machine, over 5 s on two busy cores.
    SHAPING_TIMEOUT_MS,
  );
});
