import { describe, expect, it } from 'vitest';
import { isDrawingOnlySvg } from './uploaded-files.ts';

const svg = (inner: string, attrs = '') =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"${attrs}>${inner}</svg>`);

describe('isDrawingOnlySvg (icons and content pictures)', () => {
  it('takes a drawing', () => {
    expect(isDrawingOnlySvg(svg('<path d="M0 0h24v24H0z" fill="#c00"/>'))).toBe(true);
  });

  it('refuses what could run or is not an SVG at all', () => {
    for (const bad of [
      svg('<script>alert(1)</script>'),
      svg('<rect width="1" height="1"/>', ' onload="alert(1)"'),
      svg('<a href="javascript:alert(1)"><rect width="1" height="1"/></a>'),
      svg('<a href="vbscript:x"><rect width="1" height="1"/></a>'),
      svg('<image href="data:text/html;base64,PHNjcmlwdD4="/>'),
      svg('<foreignObject><div>x</div></foreignObject>'),
      svg('<iframe src="/"/>'),
      Buffer.from('<!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('<html><body>not a drawing</body></html>'),
    ])
      expect(isDrawingOnlySvg(bad), bad.toString()).toBe(false);
  });
});
