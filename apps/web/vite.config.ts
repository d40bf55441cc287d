import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
