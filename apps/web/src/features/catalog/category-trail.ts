import type { Category } from '@store/contracts/catalog';

/** The categories from the root down to `id` (for breadcrumbs), or [] when it is not in the tree. */
export function categoryTrail(tree: Category[] | undefined, id: number): Category[] {
  for (const c of tree ?? []) {
    if (c.id === id) return [c];
    const inner = categoryTrail(c.children, id);
    if (inner.length) return [c, ...inner];
  }
  return [];
}
