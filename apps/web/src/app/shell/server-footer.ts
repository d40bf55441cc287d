import type { ComponentType } from 'react';

/**
 * The footer as the server renders it: none in the browser's bundle, which keeps the server's footer and fetches
 * the footer's code only when it has to render it (footer.tsx). The server's build (vite.ssr.config.ts) resolves
 * this file to server-footer.server.ts, which is footer-content.tsx's footer: a static import here would put the
 * footer's code back in the browser's first load, even unused.
 */
export const ServerFooter: ComponentType | null = null;
