import { fileURLToPath } from 'node:url';
import { mergeConfig } from 'vite';
import base from './vite.config.ts';

/**
 * The server renderer (src/entry-server.tsx, decision 021), built with `--ssr` into dist-server: one self-contained
 * bundle with React's production build, whatever NODE_ENV the server runs with (the demo's `npm start` runs in
 * development, where React's development build renders a page several times slower).
 */
export default mergeConfig(base, {
  publicDir: false,
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
