// Compresses the built storefront once, at build time (issue 14): next to every text file of the given folder
// (JavaScript, CSS, HTML, SVG, JSON, XML, text) of 1 KB or more, a Brotli (.br, quality 11) and a gzip (.gz,
// level 9) copy. The API's static server sends the copy the browser takes (`preCompressed`), so no request pays
// for compressing a file that never changes. Brotli's best quality is slow (seconds for the whole storefront):
// the files are shared among worker threads, one a core (issue 43, item 12: the first start).
//   node scripts/precompress.mjs apps/web/dist
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|xml|txt|webmanifest|map)$/i;

/** Compresses the files; answers the bytes before and after (Brotli). */
function compress(list) {
  let before = 0;
  let after = 0;
  for (const file of list) {
    const data = readFileSync(file);
    const br = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    before += data.length;
    after += br.length;
  }
  return { before, after };
}

if (!isMainThread) {
  parentPort.postMessage(compress(workerData));
} else {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node scripts/precompress.mjs <folder>');
    process.exit(1);
  }
  const found = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const file = path.join(d, name);
      const st = statSync(file);
      if (st.isDirectory()) walk(file);
      else if (TEXT.test(name) && st.size >= 1024) found.push({ file, size: st.size });
    }
  };
  walk(path.resolve(dir));
  // Largest first, each to the share with the fewest bytes so far: the threads finish together.
  const shares = Array.from({ length: Math.max(1, Math.min(availableParallelism(), 4)) }, () => ({
    bytes: 0,
    files: [],
  }));
  for (const f of found.sort((a, b) => b.size - a.size)) {
    const share = shares.reduce((min, s) => (s.bytes < min.bytes ? s : min));
    share.bytes += f.size;
    share.files.push(f.file);
  }
  const results = await Promise.all(
    shares
      .filter((s) => s.files.length)
      .map(
        (s) =>
          new Promise((resolve, reject) => {
            const w = new Worker(new URL(import.meta.url), { workerData: s.files });
            w.once('message', resolve);
            w.once('error', reject);
          }),
      ),
  );
  const before = results.reduce((n, r) => n + r.before, 0);
  const after = results.reduce((n, r) => n + r.after, 0);
  console.log(
    `precompressed ${found.length} files: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB with Brotli`,
  );
}
