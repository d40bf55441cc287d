/** Where header and menu links go (spec §2). */
export const categoryHref = (id: number) => `/products?category_id=${id}`;
export const brandHref = (id: number) => `/products?brand_id=${id}`;
export const promotionHref = (slug: string) => `/promotions/${encodeURIComponent(slug)}`;
export const searchHref = (text: string) => `/products?search=${encodeURIComponent(text)}`;
