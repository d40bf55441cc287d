/**
 * Uploaded SVG drawings (icons, the home page's pictures), by an allow-list (issue 42). The file is parsed as XML
 * (saxen, namespaces on) and written out again from what was understood: only drawing elements and attributes,
 * values decoded once and escaped again, so what a browser reads is exactly what was checked here, whatever headers
 * or host later serve the file, and whether it is shown as a picture or put inline in a page.
 *
 * Refused, naming what was found (`svg_not_allowed`): anything that could run or fetch. Scripts, event attributes
 * (`on…`), animation (which can set any attribute, a link or an event included), `<foreignObject>` and any HTML,
 * `<image>`, `<feImage>` and `<a>`, links (`href`, `xlink:href`) to anything but a part of the same file (`#id`),
 * `url()` to anything but `#id`, CSS at-rules (`@import`, `@font-face`), backslash escapes in CSS, and entity
 * declarations. Dropped quietly: what editors add and browsers do not draw (metadata, comments, processing
 * instructions, other namespaces such as Inkscape's, unknown attributes). A file that is not well-formed XML is
 * refused (`svg_malformed`): a browser would not show it either.
 */
import { Parser, type ProxyElement } from 'saxen';

export type SvgCheck =
  | { ok: true; svg: Buffer }
  | { ok: false; reason: 'not_svg' | 'malformed' }
  | { ok: false; reason: 'not_allowed'; found: string };

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

const FILTER_PRIMITIVES = [
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
];

/** The elements kept: shapes, paths, groups, text, paint servers, clipping, masks, markers and filters. */
const ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'switch',
  'title',
  'desc',
  'style',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'marker',
  'filter',
  ...FILTER_PRIMITIVES,
]);
/** SVG elements dropped with all they hold: editors' notes, nothing a browser draws. */
const DROPPED_ELEMENTS = new Set(['metadata']);
/** Elements whose text is kept (anywhere else text is only whitespace between tags). */
const TEXT_ELEMENTS = new Set(['title', 'desc', 'text', 'tspan', 'textPath', 'style']);

/** Presentation attributes, and the CSS properties a `style` may set: what a drawing looks like, nothing else. */
const PRESENTATION = new Set([
  'alignment-baseline',
  'baseline-shift',
  'clip',
  'clip-path',
  'clip-rule',
  'color',
  'color-interpolation',
  'color-interpolation-filters',
  'color-rendering',
  'direction',
  'display',
  'dominant-baseline',
  'enable-background',
  'fill',
  'fill-opacity',
  'fill-rule',
  'filter',
  'flood-color',
  'flood-opacity',
  'font',
  'font-family',
  'font-feature-settings',
  'font-kerning',
  'font-size',
  'font-size-adjust',
  'font-stretch',
  'font-style',
  'font-variant',
  'font-weight',
  'image-rendering',
  'isolation',
  'letter-spacing',
  'lighting-color',
  'marker',
  'marker-end',
  'marker-mid',
  'marker-start',
  'mask',
  'mix-blend-mode',
  'opacity',
  'overflow',
  'paint-order',
  'shape-rendering',
  'stop-color',
  'stop-opacity',
  'stroke',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-opacity',
  'stroke-width',
  'text-anchor',
  'text-decoration',
  'text-rendering',
  'transform',
  'transform-box',
  'transform-origin',
  'unicode-bidi',
  'vector-effect',
  'visibility',
  'white-space',
  'word-spacing',
  'writing-mode',
]);
/** Other attributes kept: geometry, coordinate systems, paint servers, text layout and filter parameters. */
const ATTRIBUTES = new Set([
  ...PRESENTATION,
  'id',
  'class',
  'style',
  'lang',
  'xml:lang',
  'xml:space',
  'width',
  'height',
  'viewBox',
  'preserveAspectRatio',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'fr',
  'd',
  'points',
  'pathLength',
  'href',
  'xlink:href',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'offset',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'orient',
  'dx',
  'dy',
  'rotate',
  'textLength',
  'lengthAdjust',
  'startOffset',
  'method',
  'spacing',
  'side',
  'filterUnits',
  'primitiveUnits',
  'in',
  'in2',
  'result',
  'stdDeviation',
  'edgeMode',
  'mode',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'type',
  'values',
  'tableValues',
  'slope',
  'intercept',
  'amplitude',
  'exponent',
  'order',
  'kernelMatrix',
  'kernelUnitLength',
  'divisor',
  'bias',
  'targetX',
  'targetY',
  'preserveAlpha',
  'surfaceScale',
  'diffuseConstant',
  'specularConstant',
  'specularExponent',
  'azimuth',
  'elevation',
  'pointsAtX',
  'pointsAtY',
  'pointsAtZ',
  'limitingConeAngle',
  'z',
  'scale',
  'xChannelSelector',
  'yChannelSelector',
  'radius',
  'baseFrequency',
  'numOctaves',
  'seed',
  'stitchTiles',
]);

/** A link to a part of the same file: `#` and an XML name. */
const LOCAL_REF = /^#[A-Za-z_][\w.:-]*$/;

class Refused extends Error {
  constructor(readonly found: string) {
    super(found);
  }
}
class Malformed extends Error {}

/** What was found, for the message: short, one line. */
function shown(s: string) {
  // eslint-disable-next-line no-control-regex
  const clean = s.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
  return clean.length > 60 ? `${clean.slice(0, 57)}…` : clean;
}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Decodes XML character and entity references once, as a browser's XML parser would. Anything else after `&`
 * (an undeclared entity, a reference without its `;`) makes the document ill-formed: refused.
 */
function decodeXml(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&([^;&\s]{0,12});?/g, (whole, ref: string) => {
    if (!whole.endsWith(';')) throw new Malformed();
    if (ref in PREDEFINED) return PREDEFINED[ref]!;
    const m = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(ref);
    if (!m) throw new Malformed();
    const code = m[1] !== undefined ? parseInt(m[1], 16) : Number(m[2]);
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) throw new Malformed();
    return String.fromCodePoint(code);
  });
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

/** A value with `url(…)`: every one must name a part of this file (`url(#id)`), else refused. */
function checkUrls(value: string) {
  for (const m of value.matchAll(/url\s*\(\s*(['"]?)(.*?)\1\s*\)/gi))
    if (!LOCAL_REF.test(m[2]!.trim())) throw new Refused(`url(${m[2]})`);
  // A url( that the pattern above did not close, or CSS functions that load a picture by a string.
  const lower = value.toLowerCase();
  const opened = (lower.match(/url\s*\(/g) ?? []).length;
  const closed = [...value.matchAll(/url\s*\(\s*(['"]?)(.*?)\1\s*\)/gi)].length;
  if (opened !== closed) throw new Refused('url(');
  const loader = /(?:-webkit-)?image-set\s*\(|\bimage\s*\(|cross-fade\s*\(|element\s*\(|\bsrc\s*\(/i.exec(
    value,
  );
  if (loader) throw new Refused(loader[0]);
}

/** CSS that could reach outside the drawing or hide what it says: refused wherever CSS is read. */
function checkCss(css: string) {
  const at = /@[\w-]*/.exec(css);
  if (at) throw new Refused(at[0]);
  if (css.includes('\\')) throw new Refused('\\ (a CSS escape)');
  if (css.includes('<')) throw new Refused('<');
  if (/expression\s*\(|javascript:|vbscript:/i.test(css))
    throw new Refused(/expression|javascript|vbscript/i.exec(css)![0]);
  checkUrls(css);
}

/** `prop: value; …` kept for the presentation properties only, written again. */
function cleanDeclarations(css: string): string {
  checkCss(css);
  const kept: string[] = [];
  for (const decl of css.split(';')) {
    const cut = decl.indexOf(':');
    if (cut < 0) continue;
    const prop = decl.slice(0, cut).trim().toLowerCase();
    const value = decl.slice(cut + 1).trim();
    if (PRESENTATION.has(prop) && value && !/[{}]/.test(value)) kept.push(`${prop}:${value}`);
  }
  return kept.join(';');
}

/** A `<style>` sheet: plain rules (selectors of names, classes, ids and combinators) with presentation properties. */
function cleanStyleSheet(css: string): string {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  checkCss(text);
  const rules: string[] = [];
  const parts = text.split('}');
  for (const [i, part] of parts.entries()) {
    if (!part.trim()) continue;
    const open = part.indexOf('{');
    // Text after the last rule, or a rule that does not close.
    if (open < 0 || i === parts.length - 1) throw new Malformed();
    const selector = part.slice(0, open).trim();
    if (!/^[\w\s.#,>+~*:()-]+$/.test(selector)) throw new Refused(`<style> ${selector}`);
    const declarations = cleanDeclarations(part.slice(open + 1));
    if (declarations) rules.push(`${selector}{${declarations}}`);
  }
  return rules.join('\n');
}

/** One attribute as it will be written, or null to drop it; throws Refused for what could run or fetch. */
function cleanAttribute(name: string, raw: string): string | null {
  const local = name.slice(name.indexOf(':') + 1);
  if (/^on/i.test(local)) throw new Refused(name);
  const value = decodeXml(raw);
  if (name === 'href' || name === 'xlink:href') {
    // Browsers ignore spaces and control characters around (and tabs inside) a link.
    // eslint-disable-next-line no-control-regex
    const link = value.replace(/[\u0000-\u0020\u007f]/g, '');
    if (!LOCAL_REF.test(link)) throw new Refused(`${name}="${value}"`);
    return `${name}="${escapeAttr(link)}"`;
  }
  if (/url\s*\(|image-set|cross-fade|element\s*\(/i.test(value)) checkUrls(value);
  if (name === 'style') {
    const css = cleanDeclarations(value);
    return css ? `style="${escapeAttr(css)}"` : null;
  }
  if (!ATTRIBUTES.has(name)) return null;
  return `${name}="${escapeAttr(value)}"`;
}

/**
 * Whether the file is markup (its first character, after a byte order mark and spaces, is `<`): it is then read
 * here as an SVG, never handed to sharp as it came. No photo format starts so.
 */
export function isMarkup(file: Buffer): boolean {
  let i = file[0] === 0xef && file[1] === 0xbb && file[2] === 0xbf ? 3 : 0;
  while (i < file.length && (file[i] === 0x20 || file[i] === 0x09 || file[i] === 0x0a || file[i] === 0x0d))
    i++;
  return file[i] === 0x3c;
}

/**
 * Checks an uploaded SVG and writes it again with only what a drawing needs. `not_svg`: the root is not an `<svg>`
 * element; `malformed`: not well-formed XML (or not UTF-8); `not_allowed`: something that could run or fetch,
 * named in `found`.
 */
export function cleanSvg(file: Buffer): SvgCheck {
  let source: string;
  try {
    source = new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const out: string[] = [];
  /** Per open element: kept (its name, to close it) or dropped (null). */
  const open: (string | null)[] = [];
  let dropping = 0;
  let sawRoot = false;
  let failure: Refused | Malformed | null = null;
  const fail = (err: unknown) => {
    if (err instanceof Refused || err instanceof Malformed) failure ??= err;
    else throw err;
  };
  const parser = new Parser({ proxy: true });
  parser.ns({
    [SVG_NS]: 'svg',
    [XLINK_NS]: 'xlink',
    'http://www.w3.org/XML/1998/namespace': 'xml',
    'http://www.w3.org/1999/xhtml': 'html',
    'http://www.w3.org/1998/Math/MathML': 'math',
  });
  parser.on('openTag', (el: ProxyElement) => {
    if (failure) return;
    try {
      const [prefix, local] = el.name.includes(':') ? el.name.split(':', 2) : ['', el.name];
      const isSvg = prefix === 'svg' || prefix === '';
      if (!sawRoot) {
        sawRoot = true;
        if (!isSvg || local !== 'svg') throw new Malformed('not svg');
      }
      if (dropping) {
        dropping++;
        open.push(null);
        return;
      }
      if (!isSvg) {
        // Another namespace: an editor's notes (Inkscape, Illustrator), never drawn; HTML or MathML never taken.
        if (prefix === 'html' || prefix === 'math') throw new Refused(`<${el.originalName}>`);
        dropping = 1;
        open.push(null);
        return;
      }
      if (DROPPED_ELEMENTS.has(local!)) {
        dropping = 1;
        open.push(null);
        return;
      }
      if (!ELEMENTS.has(local!)) throw new Refused(`<${local}>`);
      const attrs: string[] = [];
      if (out.length === 0) attrs.push(`xmlns="${SVG_NS}"`, `xmlns:xlink="${XLINK_NS}"`);
      for (const [name, raw] of Object.entries(el.attrs)) {
        // Namespaces are written again on the root, for what is kept.
        if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
        const kept = cleanAttribute(name, raw);
        if (kept) attrs.push(kept);
      }
      out.push(`<${local}${attrs.length ? ' ' + attrs.join(' ') : ''}>`);
      open.push(local!);
    } catch (err) {
      fail(err);
    }
  });
  parser.on('closeTag', () => {
    if (failure) return;
    const name = open.pop();
    if (dropping) {
      dropping--;
      return;
    }
    if (name) out.push(`</${name}>`);
  });
  const text = (value: string, decoded: boolean) => {
    if (failure || dropping) return;
    try {
      const s = decoded ? value : decodeXml(value);
      const parent = open[open.length - 1];
      if (parent === 'style') out.push(escapeText(cleanStyleSheet(s)));
      else if (parent && TEXT_ELEMENTS.has(parent)) out.push(escapeText(s));
      else if (/\S/.test(s) && open.length === 0) throw new Malformed('text outside the root');
    } catch (err) {
      fail(err);
    }
  };
  parser.on('text', (value: string) => text(value, false));
  parser.on('cdata', (value: string) => text(value, true));
  parser.on('attention', (value: string) => {
    // <!DOCTYPE …> is dropped; one that declares entities (or anything else in brackets) is refused.
    if (/<!ENTITY|\[/i.test(value)) failure ??= new Refused('<!ENTITY>');
  });
  parser.on('error', () => void (failure ??= new Malformed()));
  parser.on('warn', () => void (failure ??= new Malformed()));
  parser.parse(source);
  if (!failure && (!sawRoot || open.length)) failure = new Malformed();
  if (failure instanceof Refused) return { ok: false, reason: 'not_allowed', found: shown(failure.found) };
  if (failure?.message === 'not svg' || !sawRoot) return { ok: false, reason: 'not_svg' };
  if (failure) return { ok: false, reason: 'malformed' };
  return { ok: true, svg: Buffer.from(out.join(''), 'utf8') };
}
