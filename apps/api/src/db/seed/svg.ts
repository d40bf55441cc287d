/**
 * Images the demo catalog draws for itself (no internet): product illustrations, brand logos, category icons,
 * home-page banners, and a tiny glTF model for the 3D viewer. Everything is a small, valid, deterministic file.
 */

/** Product silhouettes, drawn in a 200x200 box. Tokens: M main (dark), A body (light), T tint (the brand colour). */
const SHAPES = {
  tv: '<rect x="22" y="38" width="156" height="96" rx="4" fill="M"/><rect x="27" y="43" width="146" height="86" fill="T" opacity=".55"/><path d="M27 43h146v30L27 129z" fill="#fff" opacity=".18"/><rect x="94" y="134" width="12" height="14" fill="M"/><rect x="66" y="148" width="68" height="5" rx="2" fill="M"/>',
  soundbar:
    '<rect x="10" y="80" width="180" height="30" rx="14" fill="M"/><path d="M25 95h110" stroke="#4a5058" stroke-width="10" stroke-dasharray="2 3"/><rect x="135" y="115" width="50" height="60" rx="6" fill="M"/><circle cx="160" cy="145" r="16" fill="T" opacity=".6"/>',
  headphones:
    '<path d="M45 120V95a55 55 0 0 1 110 0v25" fill="none" stroke="M" stroke-width="10"/><rect x="32" y="105" width="30" height="55" rx="12" fill="M"/><rect x="138" y="105" width="30" height="55" rx="12" fill="M"/><rect x="40" y="115" width="14" height="35" rx="6" fill="T" opacity=".7"/><rect x="146" y="115" width="14" height="35" rx="6" fill="T" opacity=".7"/>',
  earbuds:
    '<rect x="55" y="95" width="90" height="70" rx="30" fill="A" stroke="M" stroke-width="3"/><path d="M55 118h90" stroke="M" stroke-width="2"/><circle cx="100" cy="140" r="4" fill="T"/><path d="M75 45a14 14 0 1 1 0 28v16" fill="none" stroke="M" stroke-width="10" stroke-linecap="round"/><path d="M125 45a14 14 0 1 0 0 28v16" fill="none" stroke="M" stroke-width="10" stroke-linecap="round"/>',
  speaker:
    '<rect x="80" y="38" width="40" height="14" rx="6" fill="M"/><rect x="45" y="50" width="110" height="105" rx="30" fill="M"/><circle cx="100" cy="102" r="32" fill="#4a5058"/><circle cx="100" cy="102" r="16" fill="T" opacity=".8"/>',
  phone:
    '<rect x="62" y="15" width="76" height="160" rx="12" fill="M"/><rect x="67" y="25" width="66" height="140" rx="6" fill="T" opacity=".55"/><rect x="90" y="18" width="20" height="4" rx="2" fill="#4a5058"/><path d="M67 25h66v50L67 135z" fill="#fff" opacity=".16"/>',
  tablet:
    '<rect x="30" y="30" width="140" height="130" rx="10" fill="M"/><rect x="38" y="38" width="124" height="114" rx="4" fill="T" opacity=".55"/><path d="M38 38h124v40L38 130z" fill="#fff" opacity=".16"/>',
  watch:
    '<rect x="80" y="10" width="40" height="180" rx="10" fill="#4a5058"/><rect x="65" y="55" width="70" height="84" rx="18" fill="M"/><rect x="72" y="62" width="56" height="70" rx="12" fill="T" opacity=".6"/><rect x="134" y="80" width="6" height="18" rx="2" fill="M"/>',
  charger:
    '<rect x="72" y="25" width="6" height="18" fill="M"/><rect x="102" y="25" width="6" height="18" fill="M"/><rect x="60" y="40" width="60" height="70" rx="10" fill="A" stroke="M" stroke-width="3"/><path d="M90 110q0 40 40 40q30 0 30 20" fill="none" stroke="M" stroke-width="5"/><circle cx="90" cy="75" r="5" fill="T"/>',
  powerbank:
    '<rect x="50" y="30" width="100" height="140" rx="14" fill="M"/><rect x="80" y="60" width="40" height="60" rx="6" fill="T" opacity=".35"/><circle cx="85" cy="150" r="4" fill="T"/><circle cx="100" cy="150" r="4" fill="T"/><circle cx="115" cy="150" r="4" fill="#4a5058"/>',
  laptop:
    '<path d="M40 40h120v90H40z" fill="M"/><rect x="46" y="46" width="108" height="78" fill="T" opacity=".55"/><path d="M20 134h160l-10 16H30z" fill="#4a5058"/><rect x="85" y="134" width="30" height="4" fill="A"/>',
  monitor:
    '<rect x="20" y="30" width="160" height="100" rx="4" fill="M"/><rect x="25" y="35" width="150" height="85" fill="T" opacity=".55"/><path d="M92 130h16l6 28H86z" fill="M"/><rect x="64" y="156" width="72" height="6" rx="3" fill="M"/>',
  printer:
    '<rect x="55" y="40" width="90" height="38" fill="#fff" stroke="M" stroke-width="2"/><rect x="30" y="75" width="140" height="65" rx="8" fill="A" stroke="M" stroke-width="3"/><rect x="45" y="140" width="110" height="18" rx="3" fill="M"/><rect x="60" y="125" width="80" height="30" fill="#fff" stroke="M" stroke-width="2"/><rect x="140" y="88" width="18" height="8" rx="2" fill="T"/>',
  storage:
    '<rect x="50" y="50" width="100" height="100" rx="14" fill="M"/><rect x="62" y="62" width="76" height="30" rx="4" fill="T" opacity=".7"/><rect x="90" y="150" width="20" height="10" fill="#9aa3ad"/>',
  fridge:
    '<rect x="60" y="18" width="80" height="150" rx="6" fill="A" stroke="M" stroke-width="3"/><path d="M60 68h80" stroke="M" stroke-width="3"/><rect x="126" y="34" width="5" height="22" rx="2" fill="M"/><rect x="126" y="80" width="5" height="40" rx="2" fill="M"/><rect x="66" y="168" width="10" height="6" fill="M"/><rect x="124" y="168" width="10" height="6" fill="M"/><rect x="68" y="26" width="20" height="6" rx="2" fill="T"/>',
  sbs: '<rect x="45" y="18" width="110" height="150" rx="6" fill="A" stroke="M" stroke-width="3"/><path d="M100 18v150" stroke="M" stroke-width="3"/><rect x="90" y="60" width="5" height="50" rx="2" fill="M"/><rect x="105" y="60" width="5" height="50" rx="2" fill="M"/><rect x="58" y="40" width="26" height="32" rx="3" fill="T" opacity=".6"/><rect x="52" y="168" width="10" height="6" fill="M"/><rect x="138" y="168" width="10" height="6" fill="M"/>',
  freezer:
    '<rect x="30" y="70" width="140" height="90" rx="6" fill="A" stroke="M" stroke-width="3"/><path d="M30 90h140" stroke="M" stroke-width="3"/><rect x="85" y="78" width="30" height="6" rx="3" fill="M"/><rect x="140" y="100" width="18" height="8" rx="2" fill="T"/>',
  washer:
    '<rect x="45" y="28" width="110" height="135" rx="8" fill="A" stroke="M" stroke-width="3"/><path d="M45 52h110" stroke="M" stroke-width="2"/><circle cx="100" cy="105" r="38" fill="M"/><circle cx="100" cy="105" r="29" fill="T" opacity=".45"/><circle cx="60" cy="40" r="5" fill="M"/><rect x="110" y="36" width="34" height="8" rx="2" fill="T"/>',
  washertop:
    '<rect x="48" y="40" width="104" height="123" rx="8" fill="A" stroke="M" stroke-width="3"/><rect x="48" y="28" width="104" height="18" rx="5" fill="M"/><rect x="60" y="33" width="30" height="7" rx="2" fill="T"/><ellipse cx="100" cy="64" rx="40" ry="8" fill="none" stroke="M" stroke-width="2"/>',
  twintub:
    '<rect x="25" y="50" width="150" height="110" rx="8" fill="A" stroke="M" stroke-width="3"/><path d="M105 50v110" stroke="M" stroke-width="2"/><ellipse cx="65" cy="50" rx="34" ry="6" fill="M"/><ellipse cx="140" cy="50" rx="28" ry="6" fill="M"/><circle cx="60" cy="80" r="6" fill="T"/><circle cx="140" cy="80" r="6" fill="T"/>',
  dishwasher:
    '<rect x="48" y="30" width="104" height="133" rx="6" fill="A" stroke="M" stroke-width="3"/><rect x="48" y="30" width="104" height="22" rx="6" fill="M"/><rect x="80" y="62" width="40" height="6" rx="3" fill="M"/><rect x="120" y="37" width="24" height="8" rx="2" fill="T"/>',
  cooker:
    '<rect x="40" y="30" width="120" height="18" rx="3" fill="M"/><ellipse cx="65" cy="39" rx="11" ry="4" fill="#6b737c"/><ellipse cx="100" cy="39" rx="11" ry="4" fill="#6b737c"/><ellipse cx="135" cy="39" rx="11" ry="4" fill="#6b737c"/><rect x="40" y="48" width="120" height="115" rx="5" fill="A" stroke="M" stroke-width="3"/><circle cx="60" cy="62" r="5" fill="M"/><circle cx="80" cy="62" r="5" fill="M"/><circle cx="120" cy="62" r="5" fill="M"/><circle cx="140" cy="62" r="5" fill="M"/><rect x="55" y="80" width="90" height="62" rx="5" fill="M"/><rect x="62" y="87" width="76" height="48" rx="3" fill="T" opacity=".5"/>',
  heater:
    '<rect x="65" y="20" width="70" height="150" rx="34" fill="A" stroke="M" stroke-width="3"/><circle cx="100" cy="120" r="12" fill="M"/><circle cx="100" cy="120" r="6" fill="T"/><rect x="88" y="170" width="6" height="14" fill="M"/><rect x="106" y="170" width="6" height="14" fill="M"/>',
  iron: '<path d="M110 70q0-30 30-30h20q10 0 10 10v40" fill="none" stroke="M" stroke-width="8"/><path d="M30 140q10-60 80-70h40q20 0 20 20v50z" fill="A" stroke="M" stroke-width="3"/><path d="M30 140h140v10H30z" fill="M"/><circle cx="120" cy="110" r="8" fill="T"/>',
  steamer:
    '<rect x="96" y="40" width="8" height="110" fill="M"/><rect x="75" y="22" width="50" height="24" rx="10" fill="T" opacity=".8"/><path d="M104 140q30-20 20-80" fill="none" stroke="#4a5058" stroke-width="4"/><rect x="60" y="150" width="80" height="20" rx="8" fill="A" stroke="M" stroke-width="3"/>',
  vacuum:
    '<path d="M155 30l8 130" stroke="#9aa3ad" stroke-width="6"/><path d="M150 165h36" stroke="M" stroke-width="8" stroke-linecap="round"/><path d="M118 130q40-10 38-70" fill="none" stroke="M" stroke-width="7"/><ellipse cx="80" cy="140" rx="45" ry="28" fill="T" opacity=".85"/><circle cx="62" cy="162" r="8" fill="M"/><circle cx="100" cy="162" r="8" fill="M"/>',
  shaver:
    '<rect x="72" y="25" width="56" height="30" rx="8" fill="#9aa3ad"/><rect x="78" y="50" width="44" height="120" rx="18" fill="M"/><circle cx="100" cy="100" r="8" fill="T"/>',
  dryer:
    '<path d="M70 105l-10 65h26l8-62" fill="M"/><rect x="85" y="55" width="80" height="40" rx="14" fill="T" opacity=".85"/><circle cx="85" cy="75" r="38" fill="T"/><circle cx="85" cy="75" r="18" fill="M"/>',
  fan: '<rect x="96" y="118" width="8" height="45" fill="M"/><ellipse cx="100" cy="166" rx="36" ry="7" fill="M"/><circle cx="100" cy="70" r="50" fill="A" stroke="M" stroke-width="3"/><path d="M100 70L72 38a22 22 0 0 1 32 0zM100 70l40-6a22 22 0 0 1-14 30zM100 70l-12 40a22 22 0 0 1-26-18z" fill="T" opacity=".8"/><circle cx="100" cy="70" r="8" fill="M"/>',
  acsplit:
    '<rect x="15" y="60" width="170" height="58" rx="14" fill="A" stroke="M" stroke-width="3"/><path d="M28 104h144M36 110h128" stroke="M" stroke-width="2"/><circle cx="165" cy="76" r="3" fill="T"/><rect x="28" y="72" width="40" height="6" rx="3" fill="T" opacity=".7"/><path d="M50 130q10 10 0 20M100 130q10 10 0 20M150 130q10 10 0 20" fill="none" stroke="T" stroke-width="3" stroke-linecap="round" opacity=".6"/>',
  acstanding:
    '<rect x="70" y="15" width="60" height="160" rx="10" fill="A" stroke="M" stroke-width="3"/><path d="M78 40h44M78 48h44M78 56h44M78 64h44" stroke="M" stroke-width="2"/><rect x="85" y="80" width="30" height="14" rx="3" fill="T" opacity=".7"/>',
  acportable:
    '<path d="M135 120q40 0 40-60" fill="none" stroke="M" stroke-width="8"/><rect x="65" y="40" width="70" height="120" rx="12" fill="A" stroke="M" stroke-width="3"/><path d="M75 60h50M75 68h50M75 76h50" stroke="M" stroke-width="2"/><rect x="85" y="90" width="30" height="10" rx="3" fill="T"/><circle cx="80" cy="165" r="5" fill="M"/><circle cx="120" cy="165" r="5" fill="M"/>',
  microwave:
    '<rect x="25" y="52" width="150" height="96" rx="6" fill="A" stroke="M" stroke-width="3"/><rect x="36" y="63" width="96" height="74" rx="4" fill="M"/><rect x="42" y="69" width="84" height="62" rx="3" fill="T" opacity=".45"/><rect x="142" y="66" width="24" height="10" rx="2" fill="M"/><circle cx="154" cy="96" r="6" fill="M"/><circle cx="154" cy="118" r="6" fill="M"/>',
  airfryer:
    '<path d="M60 40q40-18 80 0l12 110q-52 18-104 0z" fill="M"/><rect x="72" y="52" width="56" height="20" rx="4" fill="T" opacity=".8"/><rect x="68" y="95" width="64" height="45" rx="8" fill="#4a5058"/><rect x="88" y="112" width="24" height="8" rx="4" fill="A"/>',
  blender:
    '<rect x="66" y="22" width="68" height="10" rx="3" fill="M"/><path d="M70 32h60l-8 83H78z" fill="T" opacity=".35" stroke="M" stroke-width="3"/><path d="M128 45h10q6 0 6 6v34q0 6-6 6h-12" fill="none" stroke="M" stroke-width="4"/><path d="M72 115h56l8 50H64z" fill="M"/><circle cx="100" cy="140" r="8" fill="A"/>',
  mixer:
    '<path d="M120 160V70q0-30-30-30H60q-14 0-14 14v20h60v86z" fill="A" stroke="M" stroke-width="3"/><path d="M58 100h58l-6 50H64z" fill="T" opacity=".5" stroke="M" stroke-width="2"/><path d="M40 160h100v10H40z" fill="M"/>',
  handblender:
    '<rect x="88" y="20" width="24" height="90" rx="12" fill="M"/><rect x="94" y="30" width="12" height="16" rx="4" fill="T"/><rect x="95" y="110" width="10" height="40" fill="#9aa3ad"/><path d="M86 150h28l-4 20H90z" fill="#9aa3ad"/>',
  coffee:
    '<rect x="55" y="25" width="90" height="140" rx="8" fill="M"/><rect x="65" y="35" width="70" height="20" rx="3" fill="T" opacity=".8"/><rect x="80" y="70" width="40" height="10" fill="#9aa3ad"/><path d="M84 110h32v22q0 10-10 10H94q-10 0-10-10z" fill="A"/><rect x="60" y="148" width="80" height="8" fill="#4a5058"/>',
  kettle:
    '<path d="M70 60q30-30 60 0" fill="none" stroke="M" stroke-width="6"/><path d="M145 80q25 10 12 60" fill="none" stroke="M" stroke-width="8"/><path d="M65 60h70l10 100H55z" fill="A" stroke="M" stroke-width="3"/><rect x="75" y="100" width="14" height="40" rx="4" fill="T" opacity=".6"/><ellipse cx="100" cy="165" rx="55" ry="6" fill="M"/>',
  toaster:
    '<rect x="62" y="50" width="26" height="24" rx="6" fill="#e0b980"/><rect x="112" y="50" width="26" height="24" rx="6" fill="#e0b980"/><rect x="35" y="70" width="130" height="90" rx="18" fill="A" stroke="M" stroke-width="3"/><rect x="150" y="95" width="10" height="20" rx="3" fill="T"/>',
  console:
    '<path d="M70 20q15-5 30 0v150H70z" fill="A" stroke="M" stroke-width="3"/><path d="M100 20q15-5 30 0v150h-30z" fill="M"/><rect x="98" y="30" width="4" height="130" fill="T"/>',
  controller:
    '<path d="M50 80q-25 0-30 45q-5 40 20 40q12 0 25-25h70q13 25 25 25q25 0 20-40q-5-45-30-45z" fill="M"/><circle cx="60" cy="110" r="11" fill="#4a5058"/><circle cx="140" cy="110" r="11" fill="#4a5058"/><circle cx="150" cy="95" r="4" fill="T"/><circle cx="160" cy="105" r="4" fill="T"/><rect x="88" y="92" width="24" height="6" rx="3" fill="T" opacity=".7"/>',
  keyboard:
    '<rect x="15" y="70" width="170" height="62" rx="6" fill="M"/><path d="M25 85h150M25 97h150M25 109h150" stroke="#4a5058" stroke-width="8" stroke-dasharray="9 3"/><path d="M60 121h80" stroke="T" stroke-width="8"/>',
  mouse:
    '<rect x="68" y="40" width="64" height="110" rx="32" fill="M"/><path d="M100 40v40" stroke="#4a5058" stroke-width="3"/><rect x="96" y="52" width="8" height="16" rx="4" fill="T"/>',
} as const;

export type Shape = keyof typeof SHAPES;
export const SHAPE_NAMES = Object.keys(SHAPES) as Shape[];

const DARK = '#2f343b';
const LIGHT = '#eef1f5';

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function paint(shape: Shape, tint: string): string {
  return SHAPES[shape]
    .replace(/"M"/g, `"${DARK}"`)
    .replace(/"A"/g, `"${LIGHT}"`)
    .replace(/"T"/g, `"${tint}"`);
}

/** Three views per (shape, brand): front, turned, and a close-up. */
const VIEWS = [
  '',
  ' transform="translate(200 0) scale(-1 1) rotate(-6 100 100)"',
  ' transform="translate(-40 -30) scale(1.4)"',
];
const BACKDROPS = ['#f5f7fa', '#eef3f8', '#f7f4ef'];

/** A product illustration: the kind's silhouette in the brand's tint, with the brand's name. */
export function productSvg(shape: Shape, brand: string, tint: string, variant: number, size: number): string {
  const v = Math.abs(variant) % VIEWS.length;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 200 200">` +
    `<rect width="200" height="200" fill="${BACKDROPS[v]}"/>` +
    `<rect width="200" height="200" fill="${tint}" opacity=".07"/>` +
    `<ellipse cx="100" cy="178" rx="70" ry="6" fill="#000" opacity=".06"/>` +
    `<g${VIEWS[v]}>${paint(shape, tint)}</g>` +
    `<text x="100" y="194" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="12" font-weight="700" fill="${tint}">${escapeXml(brand)}</text>` +
    `</svg>`
  );
}

/** A brand's word-mark logo (240x120). */
export function brandLogoSvg(name: string, color: string): string {
  const fontSize = name.length > 11 ? 22 : name.length > 7 ? 28 : 34;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120" viewBox="0 0 240 120">` +
    `<rect x="2" y="2" width="236" height="116" rx="16" fill="#fff" stroke="${color}" stroke-width="3"/>` +
    `<rect x="20" y="88" width="200" height="5" rx="2" fill="${color}" opacity=".25"/>` +
    `<text x="120" y="72" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="${fontSize}" font-weight="800" fill="${color}">${escapeXml(name)}</text>` +
    `</svg>`
  );
}

/** A round category icon (96x96) with a silhouette of what the category sells. */
export function categoryIconSvg(shape: Shape, tint: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 200 200">` +
    `<circle cx="100" cy="100" r="98" fill="${tint}" opacity=".12"/>` +
    `<g transform="translate(30 30) scale(.7)">${paint(shape, tint)}</g>` +
    `</svg>`
  );
}

export interface BannerText {
  headline: string;
  subline: string;
  cta: string;
  rtl: boolean;
}

/** Roughly how wide a line of text is (bold sans-serif), to keep it inside the banner. */
const textWidth = (text: string, size: number) => text.length * size * 0.56;
/** The largest font size up to `max` at which `text` fits in `room` pixels. */
const fit = (text: string, max: number, room: number) =>
  Math.max(10, Math.min(max, Math.floor(room / (text.length * 0.56 || 1))));

/**
 * A promotional banner with a headline, a line of copy, a button (left out when `cta` is empty) and product
 * silhouettes. Wide banners (the carousel) put the art beside the text; tiles (the explore banners) put it under the
 * text, on the far side. Right-to-left text is anchored at the right edge (with direction="rtl", text-anchor="start"
 * is the right end of the line), and the type shrinks to fit.
 */
export function bannerSvg(
  width: number,
  height: number,
  text: BannerText,
  colors: [string, string],
  shapes: Shape[],
): string {
  const id = `g${colors[0].slice(1)}${colors[1].slice(1)}`;
  const wide = width / height >= 2;
  const margin = Math.round(Math.min(width, height) * (wide ? 0.16 : 0.1));
  const textX = text.rtl ? width - margin : margin;
  const dir = text.rtl ? ' direction="rtl"' : '';
  const font = 'font-family="Tahoma,Arial,Helvetica,sans-serif"';
  // Wide: the art takes the far 45% beside the text. Tile: the lower half on the far side, under the text.
  const room = wide ? width * 0.55 - margin : width - 2 * margin;
  // A wide picture without words (the storefront sets them over its start side) keeps its art to the far third,
  // clear of the words even when a phone shows only part of it.
  const artShare = text.headline ? 0.42 : 0.34;
  const scale = wide
    ? Math.min((height * 0.62) / 200, (width * artShare) / (Math.max(shapes.length, 1) * 180))
    : Math.min((height * 0.5) / 200, (width * 0.6) / (Math.max(shapes.length, 1) * 180));
  const step = 200 * scale * 0.9;
  const artWidth = step * shapes.length;
  const artY = wide
    ? text.headline
      ? height * 0.2
      : (height - 200 * scale) / 2
    : height - 200 * scale - height * 0.06;
  const art = shapes
    .map((s, i) => {
      const x = text.rtl ? margin * 0.5 + i * step : width - margin * 0.5 - artWidth + i * step;
      return `<g transform="translate(${Math.round(x)} ${Math.round(artY)}) scale(${scale.toFixed(2)})">${paint(s, '#ffffff')}</g>`;
    })
    .join('');
  const h1 = fit(text.headline, Math.round(height * (wide ? 0.14 : 0.11)), room);
  const h2 = fit(text.subline, Math.round(height * (wide ? 0.065 : 0.055)), room);
  const y1 = Math.round(height * (wide ? 0.42 : 0.22));
  const y2 = Math.round(y1 + h1 * 0.35 + h2 * 1.5);
  const btnFont = Math.round(h2 * 0.85);
  const btnW = Math.round(textWidth(text.cta, btnFont) + btnFont * 2);
  const btnH = Math.round(btnFont * 2.2);
  const btnY = Math.round(y2 + h2 * 1.2);
  const btnX = text.rtl ? textX - btnW : textX;
  const button = text.cta
    ? `<rect x="${btnX}" y="${btnY}" width="${btnW}" height="${btnH}" rx="${Math.round(btnH / 2)}" fill="#fff"/>` +
      `<text x="${btnX + btnW / 2}" y="${Math.round(btnY + btnH / 2 + btnFont * 0.35)}" text-anchor="middle"${dir} ${font} font-size="${btnFont}" font-weight="700" fill="${colors[0]}">${escapeXml(text.cta)}</text>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#${id})"/>` +
    `<circle cx="${text.rtl ? width * 0.2 : width * 0.8}" cy="${wide ? height / 2 : height * 0.75}" r="${height * 0.55}" fill="#fff" opacity=".08"/>` +
    `<g opacity=".9">${art}</g>` +
    `<text x="${textX}" y="${y1}" text-anchor="start"${dir} ${font} font-size="${h1}" font-weight="700" fill="#fff">${escapeXml(text.headline)}</text>` +
    `<text x="${textX}" y="${y2}" text-anchor="start"${dir} ${font} font-size="${h2}" fill="#fff" opacity=".9">${escapeXml(text.subline)}</text>` +
    button +
    `</svg>`
  );
}

/** The video banner's still: a dark frame with a play button and a caption. */
export function videoStillSvg(width: number, height: number, caption: string): string {
  const r = Math.round(height * 0.12);
  const cx = width / 2;
  const cy = height / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="#1d2733"/>` +
    `<g opacity=".25" transform="translate(${width * 0.08} ${height * 0.15}) scale(${(height * 0.7) / 200})">${paint('tv', '#5aa9ff')}</g>` +
    `<g opacity=".25" transform="translate(${width * 0.72} ${height * 0.15}) scale(${(height * 0.7) / 200})">${paint('acsplit', '#5aa9ff')}</g>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#e62117"/>` +
    `<path d="M${cx - r * 0.35} ${cy - r * 0.5}L${cx + r * 0.55} ${cy}L${cx - r * 0.35} ${cy + r * 0.5}z" fill="#fff"/>` +
    `<text x="${cx}" y="${Math.round(cy + r + height * 0.12)}" text-anchor="middle" font-family="Tahoma,Arial,sans-serif" font-size="${Math.round(height * 0.06)}" fill="#fff">${escapeXml(caption)}</text>` +
    `</svg>`
  );
}

/* ---------------- a minimal glTF 2.0 model ---------------- */

export interface Box {
  min: [number, number, number];
  max: [number, number, number];
  /** Linear RGB 0..1. */
  color: [number, number, number];
  metallic?: number;
  roughness?: number;
}

type V3 = [number, number, number];
const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: V3, b: V3): V3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const dot = (a: V3, b: V3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** 24 vertices (4 per face, each face with its own normal) and 36 indices, faces wound counter-clockwise. */
function boxGeometry(b: Box): { positions: number[]; normals: number[]; indices: number[] } {
  const [x0, y0, z0] = b.min;
  const [x1, y1, z1] = b.max;
  const faces: { n: V3; c: V3[] }[] = [
    {
      n: [1, 0, 0],
      c: [
        [x1, y0, z0],
        [x1, y1, z0],
        [x1, y1, z1],
        [x1, y0, z1],
      ],
    },
    {
      n: [-1, 0, 0],
      c: [
        [x0, y0, z0],
        [x0, y0, z1],
        [x0, y1, z1],
        [x0, y1, z0],
      ],
    },
    {
      n: [0, 1, 0],
      c: [
        [x0, y1, z0],
        [x0, y1, z1],
        [x1, y1, z1],
        [x1, y1, z0],
      ],
    },
    {
      n: [0, -1, 0],
      c: [
        [x0, y0, z0],
        [x1, y0, z0],
        [x1, y0, z1],
        [x0, y0, z1],
      ],
    },
    {
      n: [0, 0, 1],
      c: [
        [x0, y0, z1],
        [x1, y0, z1],
        [x1, y1, z1],
        [x0, y1, z1],
      ],
    },
    {
      n: [0, 0, -1],
      c: [
        [x0, y0, z0],
        [x0, y1, z0],
        [x1, y1, z0],
        [x1, y0, z0],
      ],
    },
  ];
  const positions: number[] = [];
  const normals: number[] = [];
  const indices: number[] = [];
  faces.forEach((f, i) => {
    const c = f.c;
    // Wind counter-clockwise seen from outside (the normal's side).
    if (dot(cross(sub(c[1]!, c[0]!), sub(c[2]!, c[0]!)), f.n) < 0) c.reverse();
    for (const p of c) {
      positions.push(...p);
      normals.push(...f.n);
    }
    const o = i * 4;
    indices.push(o, o + 1, o + 2, o, o + 2, o + 3);
  });
  return { positions, normals, indices };
}

/** A valid glTF 2.0 JSON document with its buffer embedded as base64: one mesh, one primitive per box. */
export function gltfBoxes(name: string, boxes: Box[]): string {
  const chunks: Buffer[] = [];
  let offset = 0;
  const bufferViews: object[] = [];
  const accessors: object[] = [];
  const primitives: object[] = [];
  const add = (buf: Buffer, target: number) => {
    const pad = (4 - (buf.length % 4)) % 4;
    chunks.push(buf, Buffer.alloc(pad));
    bufferViews.push({ buffer: 0, byteOffset: offset, byteLength: buf.length, target });
    offset += buf.length + pad;
    return bufferViews.length - 1;
  };
  boxes.forEach((b, i) => {
    const g = boxGeometry(b);
    const pos = Buffer.from(new Float32Array(g.positions).buffer);
    const nor = Buffer.from(new Float32Array(g.normals).buffer);
    const idx = Buffer.from(new Uint16Array(g.indices).buffer);
    const posView = add(pos, 34962);
    const norView = add(nor, 34962);
    const idxView = add(idx, 34963);
    const base = accessors.length;
    accessors.push(
      { bufferView: posView, componentType: 5126, count: 24, type: 'VEC3', min: b.min, max: b.max },
      { bufferView: norView, componentType: 5126, count: 24, type: 'VEC3' },
      { bufferView: idxView, componentType: 5123, count: 36, type: 'SCALAR' },
    );
    primitives.push({
      attributes: { POSITION: base, NORMAL: base + 1 },
      indices: base + 2,
      material: i,
      mode: 4,
    });
  });
  const data = Buffer.concat(chunks);
  const doc = {
    asset: { version: '2.0', generator: 'store demo seed' },
    scene: 0,
    scenes: [{ name, nodes: [0] }],
    nodes: [{ name, mesh: 0 }],
    meshes: [{ name, primitives }],
    materials: boxes.map((b, i) => ({
      name: `${name}-${i}`,
      pbrMetallicRoughness: {
        baseColorFactor: [...b.color, 1],
        metallicFactor: b.metallic ?? 0.3,
        roughnessFactor: b.roughness ?? 0.5,
      },
    })),
    accessors,
    bufferViews,
    buffers: [
      { byteLength: data.length, uri: `data:application/octet-stream;base64,${data.toString('base64')}` },
    ],
  };
  return JSON.stringify(doc);
}

/** A phone: body, screen, camera bump (metres). */
export function phoneModel(): string {
  return gltfBoxes('phone', [
    { min: [-0.038, -0.081, -0.004], max: [0.038, 0.081, 0.004], color: [0.08, 0.08, 0.1], metallic: 0.7 },
    { min: [-0.035, -0.077, 0.004], max: [0.035, 0.077, 0.0045], color: [0.05, 0.15, 0.35], roughness: 0.1 },
    { min: [0.006, 0.045, -0.0055], max: [0.033, 0.077, -0.004], color: [0.2, 0.2, 0.22], metallic: 0.8 },
  ]);
}

/** A TV: panel, screen, stand (metres). */
export function tvModel(): string {
  return gltfBoxes('tv', [
    { min: [-0.62, 0.1, -0.025], max: [0.62, 0.81, 0.025], color: [0.05, 0.05, 0.06] },
    { min: [-0.605, 0.115, 0.025], max: [0.605, 0.795, 0.027], color: [0.04, 0.12, 0.3], roughness: 0.1 },
    { min: [-0.03, 0, -0.02], max: [0.03, 0.1, 0.02], color: [0.15, 0.15, 0.16], metallic: 0.8 },
    { min: [-0.2, -0.01, -0.1], max: [0.2, 0, 0.1], color: [0.15, 0.15, 0.16], metallic: 0.8 },
  ]);
}
