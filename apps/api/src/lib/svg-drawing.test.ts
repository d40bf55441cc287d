import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cleanSvg, isMarkup } from './svg-drawing.ts';

const svg = (inner: string, attrs = '') =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="24" height="24"${attrs}>${inner}</svg>`,
  );
const found = (file: Buffer) => {
  const r = cleanSvg(file);
  return r.ok ? null : r.reason === 'not_allowed' ? r.found : r.reason;
};
const cleaned = (file: Buffer) => {
  const r = cleanSvg(file);
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r)}`);
  return r.svg.toString('utf8');
};

describe('uploaded SVG drawings (icons and the home page’s pictures)', () => {
  it('keeps a drawing: shapes, gradients, text, a local link and plain CSS, and sharp still draws it', async () => {
    const drawing = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#c00"/><stop offset="1" stop-color="#00c"/>' +
        '</linearGradient><style>.a{fill:url(#g);stroke:#000}</style><path id="p" d="M0 0h24v24H0z"/></defs>' +
        '<use xlink:href="#p" class="a"/><circle cx="12" cy="12" r="5" style="fill: url(\'#g\'); opacity:.5"/>' +
        '<text x="2" y="20">Tom &amp; Jerry &#x2192;</text><title>logo</title>',
    );
    const out = cleaned(drawing);
    expect(out).toContain('<use xlink:href="#p" class="a"></use>');
    expect(out).toContain('<style>.a{fill:url(#g);stroke:#000}</style>');
    expect(out).toContain('style="fill:url(\'#g\');opacity:.5"');
    expect(out).toContain('Tom &amp; Jerry →');
    const meta = await sharp(Buffer.from(out)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['svg', 24, 24]);
  });

  it('drops what editors add and browsers never draw', () => {
    const out = cleaned(
      Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><!-- made with Inkscape -->' +
          '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">' +
          '<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" ' +
          'xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" version="1.1" viewBox="0 0 10 10">' +
          '<metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>' +
          '<sodipodi:namedview inkscape:zoom="1"/><?xml-stylesheet href="https://evil.example/x.css"?>' +
          '<g inkscape:label="Layer 1" data-name="x"><rect width="10" height="10" fill="red"/></g></svg>',
      ),
    );
    expect(out).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">' +
        '<g><rect width="10" height="10" fill="red"></rect></g></svg>',
    );
  });

  it('refuses every way a drawing could run or fetch, naming it, with entities decoded first', () => {
    const cases: [Buffer, string][] = [
      [svg('<script>alert(1)</script>'), '<script>'],
      [svg('<rect width="1" height="1"/>', ' onload="alert(1)"'), 'onload'],
      // Found by the attack of issue 42, each past the old blocklist:
      [svg('<a xlink:href="&#106;avascript:alert(1)"><rect width="1" height="1"/></a>'), '<a>'],
      [svg('<use xlink:href="&#106;avascript:alert(1)"/>'), 'xlink:href="javascript:alert(1)"'],
      [svg('<rect width="1" height="1"><set attributeName="onmouseover" to="alert(1)"/></rect>'), '<set>'],
      [svg('<animate attributeName="href" values="&#x6A;avascript:alert(1)"/>'), '<animate>'],
      [svg('<image xlink:href="https://evil.example/track.png" width="1" height="1"/>'), '<image>'],
      [
        svg('<use href="https://evil.example/sprite.svg#icon"/>'),
        'href="https://evil.example/sprite.svg#icon"',
      ],
      [svg('<style>@import url(https://evil.example/x.css);</style>'), '@import'],
      [
        svg('<rect width="1" height="1" fill="url(https://evil.example/p.svg#g)"/>'),
        'url(https://evil.example/p.svg#g)',
      ],
      [
        svg('<rect width="1" height="1" style="filter:url(//evil.example/f.svg#f)"/>'),
        'url(//evil.example/f.svg#f)',
      ],
      [svg('<style>.a{fill:url(data:image/svg+xml,x)}</style>'), 'url(data:image/svg+xml,x)'],
      [svg('<style>.a{background:image-set("https://e.example/x.png" 1x)}</style>'), 'image-set('],
      [svg('<style>.a{fill:\\75rl(https://e.example)}</style>'), '\\ (a CSS escape)'],
      [
        svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'),
        '<foreignObject>',
      ],
      [svg('<h:iframe xmlns:h="http://www.w3.org/1999/xhtml" src="/"/>'), '<h:iframe>'],
      [svg('<animateTransform attributeName="transform"/>'), '<animateTransform>'],
      [svg('<filter><feImage href="https://e.example/x.png"/></filter>'), '<feImage>'],
      [svg('<use xlink:href=" java&#9;script:alert(1)"/>'), 'xlink:href=" java\tscript:alert(1)"'],
      [svg('<a href="#x"><rect width="1" height="1"/></a>'), '<a>'],
      [Buffer.from('<!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg"/>'), '<!ENTITY>'],
    ];
    for (const [file, what] of cases) expect(found(file), file.toString()).toBe(shownLike(what));
  });

  it('refuses a file that is not well-formed, or not an SVG', () => {
    expect(found(svg('<rect>'))).toBe('malformed');
    expect(found(svg('<rect width="1" width="2"/>'))).toBe('malformed');
    expect(found(svg('<text>&nbsp;</text>'))).toBe('malformed');
    expect(found(svg('<text>&#106</text>'))).toBe('malformed');
    expect(found(Buffer.from([0x3c, 0x73, 0x76, 0x67, 0xff, 0x3e]))).toBe('malformed');
    expect(found(Buffer.from('<html><body>not a drawing</body></html>'))).toBe('not_svg');
    expect(isMarkup(Buffer.from('\uFEFF \n<svg/>'))).toBe(true);
    expect(isMarkup(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
  });
});

/** The message shows what was found on one line, at most 60 characters. */
function shownLike(s: string) {
  const clean = s.replace(/\s+/g, ' ').trim();
  return clean.length > 60 ? `${clean.slice(0, 57)}…` : clean;
}
