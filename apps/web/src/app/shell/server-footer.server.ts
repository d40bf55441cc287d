import type { ComponentType } from 'react';
import { FooterContent } from './footer-content';

/** The footer as the server renders it (in place of server-footer.ts in the server's build, vite.ssr.config.ts). */
export const ServerFooter: ComponentType | null = FooterContent;
