import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

/**
 * The back office (/admin, its own entry and bundle, built by vite.admin.config.ts): the dev server answers /admin
 * and /admin/* with admin.html.
 */
const adminPages: Plugin = {
  name: 'admin-pages',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const path = req.url?.split('?')[0] ?? '';
      if (/^\/admin(\/[^.]*)?$/.test(path)) req.url = '/admin.html';
      next();
    });
  },
};

export default defineConfig({
  plugins: [react(), tailwindcss(), adminPages],
  server: {
    port: 5173,
    proxy: { '/v1': api, '/uploads': api, '/dev': api },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      output: {
        // The libraries every page needs, in one long-cached chunk. Exact package names: a prefix such as
        // "node_modules/react" would also pull react-hook-form and react-remove-scroll into the first load.
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler|react-router|react-i18next|i18next)\//.test(id))
            return 'react';
          return undefined;
        },
      },
    },
  },
});
