import { fileURLToPath } from 'node:url';
import { mergeConfig, type Plugin } from 'vite';
import base from './vite.config.ts';

/**
 * Each page's module (src/features/{feature}/routes/{name}-route.tsx), and each slot a page of a lower feature
 * loads with it (src/features/{feature}/slots/{name}.tsx, app/routes.tsx), says which file it is, in the server's build
 * only (the browser's carries no such string): a rendered page names the chunks of the browser's build it will need,
 * which the build's manifest lists by these files (apps/api/src/lib/page-chunks.ts).
 */
const pageSourceFiles: Plugin = {
  name: 'page-source-files',
  transform(code, id) {
    const file = /\/(src\/features\/[^/]+\/(?:routes\/[^/]+-route|slots\/[^/]+)\.tsx)$/.exec(id)?.[1];
    return file ? { code: `${code}\nexport const sourceFile = ${JSON.stringify(file)};\n`, map: null } : null;
  },
};

/**
 * The server renderer (src/entry-server.tsx, decision 021), built with `--ssr` into dist-server: one self-contained
 * bundle with React's production build, whatever NODE_ENV the server runs with (the demo's `npm start` runs in
 * development, where React's development build renders a page several times slower).
 */
export default mergeConfig(base, {
  plugins: [pageSourceFiles],
  publicDir: false,
  build: {
    manifest: false,
    rollupOptions: {
      // The server's bundle is one self-contained file: whether a module is imported dynamically changes nothing in
      // it. The browser's footer loads its content late (footer.tsx), the server's renders it at once
      // (server-footer.server.ts); in this bundle that is the expected, harmless INEFFECTIVE_DYNAMIC_IMPORT.
      onLog(level: string, log: { code?: string }, handler: (level: string, log: unknown) => void) {
        if (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT') return;
        handler(level, log);
      },
    },
  },
  ssr: { noExternal: true },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  resolve: {
    // What only the server renders (the browser keeps the server's footer: src/app/shell/footer.tsx).
    alias: [
      {
        find: /^\.\/server-footer$/,
        replacement: fileURLToPath(new URL('src/app/shell/server-footer.server.ts', import.meta.url)),
      },
    ],
  },
});
