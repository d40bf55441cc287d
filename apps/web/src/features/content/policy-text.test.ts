import { describe, expect, it } from 'vitest';
import { policyBlocks } from './policy-text';

describe('a static page text saved in the back office', () => {
  it('parts paragraphs at blank lines, reads "## " lines as headings and keeps single line breaks', () => {
    expect(
      policyBlocks(
        '## الاسترجاع\r\nتقدر ترجّع المنتج\r\nخلال ١٤ يوم.\r\n\r\n\r\n  ## العيوب  \nثلاثين يوم.\n\n#not a heading',
      ),
    ).toEqual([
      { kind: 'heading', text: 'الاسترجاع' },
      { kind: 'paragraph', text: 'تقدر ترجّع المنتج\nخلال ١٤ يوم.' },
      { kind: 'heading', text: 'العيوب' },
      { kind: 'paragraph', text: 'ثلاثين يوم.' },
      { kind: 'paragraph', text: '#not a heading' },
    ]);
  });

  it('keeps markup as plain text and gives nothing for an empty text', () => {
    expect(policyBlocks('<script>alert(1)</script>')).toEqual([
      { kind: 'paragraph', text: '<script>alert(1)</script>' },
    ]);
    expect(policyBlocks('  \n\n ')).toEqual([]);
  });
});
