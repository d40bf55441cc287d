/**
 * The footer element itself, the same whether the browser renders the footer (footer-content.tsx) or keeps the
 * server's (footer.tsx): its classes, and the attribute that finds the server's in the page.
 */
export const FOOTER_CLASS = 'mt-12 bg-brand-900 text-slate-100';
export const FOOTER_SELECTOR = 'footer[data-site-footer]';
