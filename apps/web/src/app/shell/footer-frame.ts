/**
 * The footer element itself, the same whether the browser renders the footer (footer-content.tsx) or keeps the
 * server's (footer.tsx): its classes, and the attribute that finds the server's in the page. It is below every
 * page's first screen: drawn when it comes near (theme.css, .below-fold).
 */
export const FOOTER_CLASS =
  'below-fold mt-12 bg-brand-900 text-slate-100 [--below-fold-size:811px] md:[--below-fold-size:467px] lg:[--below-fold-size:301px]';
export const FOOTER_SELECTOR = 'footer[data-site-footer]';
