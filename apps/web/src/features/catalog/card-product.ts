import type { Product } from '@store/contracts/catalog';

/**
 * A product with only what a ProductCard shows (no descriptions, specifications or extra pictures): what the
 * recently viewed list keeps in the browser, and what a server-rendered page carries of the products in its lists
 * (entry-server.tsx), whose cards are all those lists draw.
 */
export function cardProduct(p: Product): Product {
  const image = p.images.find((i) => !i.is_3d_image);
  return {
    id: p.id,
    title: p.title,
    title_en: p.title_en,
    title_ar: p.title_ar,
    description: '',
    description_en: '',
    description_ar: '',
    category: {
      id: p.category.id,
      name: p.category.name,
      name_en: p.category.name_en,
      name_ar: p.category.name_ar,
    },
    brand: p.brand,
    images: image ? [image] : [],
    price: p.price,
    promotion: p.promotion,
    price_after_promotion: p.price_after_promotion,
    checkout_price: p.checkout_price,
    // Entries kept by an older version of the store have none.
    monthly_from: p.monthly_from ?? null,
    rating: p.rating ?? null,
    favorite: p.favorite,
    created_at: p.created_at,
    stock: p.stock,
    model: p.model,
    series: p.series,
    maximum_number_per_order: p.maximum_number_per_order,
    // Entries kept before VAT rates (issue 47) have none: the standard 14%.
    vat_rate: p.vat_rate ?? 14,
    featured: p.featured,
    special_offer: p.special_offer,
    // A product sold in variants: its card shows the range and sends the shopper to choose one (without it the card
    // offered "Add to cart" of no variant, and a guest's cart took the phone without its colour or storage).
    ...(p.price_max != null ? { price_max: p.price_max } : {}),
    // A variant: which product it is one of, and its choices.
    ...(p.variant_of != null ? { variant_of: p.variant_of, sku: p.sku, option_values: p.option_values } : {}),
  };
}
