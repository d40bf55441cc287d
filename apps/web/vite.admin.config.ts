import { fileURLToPath } from 'node:url';
import { mergeConfig } from 'vite';
import shop from './vite.config.ts';

/**
 * The back office (/admin) is built on its own, after the shop and into the same dist/ (admin.html and its assets):
 * two builds never share chunks, so nothing of the admin's ever lands in a chunk the shop's first load fetches.
 */
export default mergeConfig(shop, {
  build: {
    emptyOutDir: false,
    // The shop's manifest (dist/.vite/manifest.json) stays the shop's: the server reads it for the shop's pages.
    manifest: false,
    rollupOptions: { input: { admin: fileURLToPath(new URL('admin.html', import.meta.url)) } },
  },
});
