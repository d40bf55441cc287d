import { ProductList } from '../components/product-list';

/** /products: every product, or those of a search, category or brand (query parameters). */
export function Component() {
  return <ProductList />;
}
