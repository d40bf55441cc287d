/**
 * An import job reads its stored file when it starts: 50,000 rows held the server's thread 250–480 ms at once, and
 * every shopper's request waited (issue 50). It now reads them in slices, answering other requests in between.
 */
import { describe, expect, it } from 'vitest';
import { csvRows, parseCsv } from './imports-csv.ts';
import { inSlices, rowId } from './imports-plan.ts';

const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

describe('an import job’s start', () => {
  it('reads a long file in slices: a request waiting meanwhile is answered before the reading ends', async () => {
    const seen: number[] = [];
    let answeredAt = -1;
    setImmediate(() => (answeredAt = seen.length));
    // 400 rows of 0.1 ms each: 40 ms of work, slices of about 8 ms.
    await inSlices(
      Array.from({ length: 400 }, (_, i) => i),
      (i) => {
        busy(0.1);
        seen.push(i);
      },
    );
    expect(seen).toHaveLength(400);
    expect(answeredAt).toBeGreaterThan(0);
    expect(answeredAt).toBeLessThan(400);
  });

  it('reads the same rows one at a time as at once', () => {
    const text = '\ufeffid,title_en\r\n7,"Kettle, 1.7 L"\r\n\r\n8,"5"" screen"\n9,last';
    expect(Array.from(csvRows(text))).toEqual(parseCsv(text));
    expect(parseCsv(text)).toEqual([
      ['id', 'title_en'],
      ['7', 'Kettle, 1.7 L'],
      [''],
      ['8', '5" screen'],
      ['9', 'last'],
    ]);
    expect(() => Array.from(csvRows('id\r\n"open'))).toThrow('import_unclosed_quote:2');
  });

  it('reads a row’s id written plainly or in Arabic digits alike', () => {
    const header = { id: 0 };
    expect(rowId(header, ['123'])).toBe(123);
    expect(rowId(header, ['٠١٢٣'])).toBe(123);
    expect(rowId(header, [' #45 '])).toBe(45);
    expect(rowId(header, ['0'])).toBeUndefined();
    expect(rowId(header, ['12a'])).toBeUndefined();
    expect(rowId(header, [''])).toBeNull();
  });
});
