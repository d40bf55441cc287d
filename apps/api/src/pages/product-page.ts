import { idParam, type Locale } from '@store/contracts';
import { productShareMeta, variantProductOf } from '../modules/catalog/index.ts';
import { localeUrl } from '../seo.ts';
import { SHARE_IMAGE, shareImagePath } from '../share-images.ts';
import { escapeHtml, jsonLd, type ServerPage } from './head.ts';

type ShareMeta = NonNullable<Awaited<ReturnType<typeof productShareMeta>>>;

/** schema.org Product with its Offer (EGP, in stock or not) and the BreadcrumbList of its category path. */
function productJsonLd(
  meta: ShareMeta,
  ctx: { base: string; pageUrl: string; locale: Locale; image: string },
) {
  const lang = ctx.locale === 'en' ? '?lang=en' : '';
  const home = ctx.locale === 'en' ? 'Home' : 'الرئيسية';
  const trail = [
    { name: home, item: `${ctx.base}/${lang}` },
    ...meta.categories.map((c) => ({
      name: c.name,
      item: `${ctx.base}/products?category_id=${c.id}${ctx.locale === 'en' ? '&lang=en' : ''}`,
    })),
    { name: meta.title, item: ctx.pageUrl },
  ];
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: meta.title,
      description: meta.description,
      ...(ctx.image ? { image: [ctx.image] } : {}),
      ...(meta.model ? { sku: meta.model, mpn: meta.model } : {}),
      ...(meta.brand ? { brand: { '@type': 'Brand', name: meta.brand } } : {}),
      offers: {
        '@type': 'Offer',
        url: ctx.pageUrl,
        priceCurrency: 'EGP',
        price: (meta.pricePiastres / 100).toFixed(2),
        availability: meta.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: trail.map((t, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: t.name,
        item: t.item,
      })),
    },
  ];
}

/**
 * /products/:productId: the product's title and description, its link preview (og, with the JPEG of
 * share-images.ts) and its JSON-LD. An id no product can have (past PostgreSQL's integer), or a product that is
 * not (or no longer) on sale: 404, left to the browser, which shows the 404 page at its own address.
 */
export const productPage: ServerPage = async ({ app, path, address, locale, base }) => {
  const id = path.split('/')[2] ?? '';
  const known = idParam.safeParse(id).success;
  const meta = known ? await productShareMeta(app.ctx.db, Number(id), locale) : null;
  if (!meta) {
    // A variant's own address (a shared link, an order's line): its product's page with it chosen (decision 034).
    const product = known ? await variantProductOf(app.ctx.db, Number(id)) : null;
    if (product === null) return { status: 404, render: false };
    const query = new URLSearchParams({ variant: id, ...(locale === 'en' ? { lang: 'en' } : {}) });
    return { status: 301, location: `/products/${product}?${query.toString()}` };
  }
  const pageUrl = localeUrl(base, address, locale);
  // Link previews take JPEG (share-images.ts); the JSON-LD names the store's own picture.
  const image = meta.image ? new URL(meta.image, base).toString() : '';
  const share = meta.originalImage?.startsWith('/uploads/') ? `${base}${shareImagePath(Number(id))}` : '';
  return {
    status: 200,
    title: meta.title,
    description: meta.description,
    tags: [
      `<meta property="og:type" content="product">`,
      `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
      `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
      share
        ? `<meta property="og:image" content="${escapeHtml(share)}">` +
          `<meta property="og:image:type" content="image/jpeg">` +
          `<meta property="og:image:width" content="${SHARE_IMAGE.width}">` +
          `<meta property="og:image:height" content="${SHARE_IMAGE.height}">`
        : '',
      `<meta property="og:url" content="${escapeHtml(pageUrl)}">`,
      `<meta name="twitter:card" content="summary_large_image">`,
      jsonLd(productJsonLd(meta, { base, pageUrl, locale, image })),
    ],
  };
};
