// Compresses the built storefront once, at build time (issue 14): next to every text file of the given folder
// (JavaScript, CSS, HTML, SVG, JSON, XML, text) of 1 KB or more, a Brotli (.br, quality 11) and a gzip (.gz,
// level 9) copy. The API's static server sends the copy the browser takes (`preCompressed`), so no request pays
// for compressing a file that never changes.
//   node scripts/precompress.mjs apps/web/dist
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/precompress.mjs <folder>');
  process.exit(1);
}
const TEXT = /\.(js|mjs|css|html|svg|json|xml|txt|webmanifest|map)$/i;
let files = 0;
let before = 0;
let after = 0;
function walk(d) {
  for (const name of readdirSync(d)) {
    const file = path.join(d, name);
    const st = statSync(file);
    if (st.isDirectory()) walk(file);
    else if (TEXT.test(name) && st.size >= 1024) {
      const data = readFileSync(file);
      const br = brotliCompressSync(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      });
      writeFileSync(`${file}.br`, br);
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      files += 1;
      before += data.length;
      after += br.length;
    }
  }
}
walk(path.resolve(dir));
console.log(
  `precompressed ${files} files: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB with Brotli`,
);
