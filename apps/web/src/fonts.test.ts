// The store's Arabic faces are cut to what an Egyptian shop writes (scripts/subset-fonts.mjs). What a shopper relies
// on: every Arabic letter the shop writes is drawn by the store's face (a letter left to another face would break
// its word's joining), and the cut face draws a word exactly as the full face does (the same shapes, same places).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fontverter from 'fontverter';
import { Blob, Buffer, Face, Font, shape } from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const require = createRequire(import.meta.url);

/** The Arabic faces of fonts.css: each one's file (as fonts.css names it) and unicode-range, as code points. */
function arabicFaces() {
  const css = readFileSync(path.join(here, 'fonts.css'), 'utf8');
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)]
    .map((m) => m[1]!)
    .filter((block) => block.includes('noto-sans-arabic'))
    .map((block) => {
      const file = /url\('\.\/(fonts\/[^']+)'\)/.exec(block)![1]!;
      const weight = Number(/font-weight:\s*(\d+)/.exec(block)![1]);
      const range = new Set<number>();
      for (const part of /unicode-range:([^;]+);/.exec(block)![1]!.split(',')) {
        const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
        for (let c = parseInt(from!, 16); c <= parseInt(to!, 16); c++) range.add(c);
      }
      return { file: path.join(here, file), weight, range };
    });
}

async function loadFont(file: string) {
  const data = await fontverter.convert(readFileSync(file), 'truetype');
  const face = new Face(new Blob(data));
  return { font: new Font(face), unicodes: new Set(face.collectUnicodes()) };
}

/** A cut face and the full face of Fontsource it was cut from. */
async function cutAndFull(file: string, weight: number) {
  return {
    cut: await loadFont(file),
    full: await loadFont(
      require.resolve(`@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-${weight}-normal.woff2`),
    ),
  };
}

/** Every Arabic-script word the shop writes: its texts, the demo catalog, the API's messages. */
function shopWords(): Set<string> {
  const words = new Set<string>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (!['node_modules', 'dist', 'dist-server'].includes(e.name)) walk(p);
      } else if (/\.(ts|tsx|json)$/.test(e.name)) {
        for (const m of readFileSync(p, 'utf8').matchAll(/[\p{Script=Arabic}\u200c-\u200e]+/gu))
          words.add(m[0]);
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
  );
});
