import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageChunks, readBuildManifest, type BuildManifest } from './page-chunks.ts';

// The shape of Vite's manifest for the shop: an entry with its libraries, pages that import chunks of their own
// and chunks the first load already has.
const manifest: BuildManifest = {
  'index.html': { file: 'assets/index-E1.js', isEntry: true, imports: ['_react-R1.js', '_shared-S1.js'] },
  '_react-R1.js': { file: 'assets/react-R1.js' },
  '_shared-S1.js': { file: 'assets/shared-S1.js', imports: ['_react-R1.js'] },
  'src/features/catalog/routes/products-route.tsx': {
    file: 'assets/products-route-P1.js',
    imports: ['_product-list-L1.js', '_react-R1.js'],
  },
  '_product-list-L1.js': {
    file: 'assets/product-list-L1.js',
    imports: ['_shared-S1.js', '_breadcrumbs-B1.js'],
  },
  '_breadcrumbs-B1.js': { file: 'assets/breadcrumbs-B1.js', imports: ['_spinner-N1.js'] },
  '_spinner-N1.js': { file: 'assets/spinner-N1.js' },
  'src/features/content/routes/about-route.tsx': {
    file: 'assets/about-route-A1.js',
    imports: ['_breadcrumbs-B1.js'],
  },
  'src/i18n/first-load-ar.ts': { file: 'assets/first-load-ar-T1.js' },
};

describe('the chunks a rendered page names for after its paint', () => {
  it("are the page's own chunk and all it imports, deep, without what the first load has", () => {
    const chunksOf = pageChunks(manifest);
    expect(chunksOf(['src/features/catalog/routes/products-route.tsx', 'src/i18n/first-load-ar.ts'])).toEqual(
      [
        '/assets/products-route-P1.js',
        '/assets/product-list-L1.js',
        '/assets/breadcrumbs-B1.js',
        '/assets/spinner-N1.js',
        '/assets/first-load-ar-T1.js',
      ],
    );
  });

  it('name a chunk two pages share once, and nothing for a source the build does not have', () => {
    const chunksOf = pageChunks(manifest);
    expect(
      chunksOf([
        'src/features/content/routes/about-route.tsx',
        'src/features/catalog/routes/products-route.tsx',
        'src/features/gone/routes/old-route.tsx',
      ]),
    ).toEqual([
      '/assets/about-route-A1.js',
      '/assets/breadcrumbs-B1.js',
      '/assets/spinner-N1.js',
      '/assets/products-route-P1.js',
      '/assets/product-list-L1.js',
    ]);
    expect(chunksOf(['src/features/gone/routes/old-route.tsx'])).toEqual([]);
  });

  it("come from the build's manifest file, and a build without one names none", () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'store-dist-'));
    expect(readBuildManifest(dist)).toBeNull();
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    const chunksOf = pageChunks(readBuildManifest(dist)!);
    expect(chunksOf(['src/i18n/first-load-ar.ts'])).toEqual(['/assets/first-load-ar-T1.js']);
  });
});
