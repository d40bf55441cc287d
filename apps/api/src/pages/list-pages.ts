import { idParam, promotionKeyParam } from '@store/contracts';
import { AppError } from '../lib/errors.ts';
import { categoryExists, getPromotion } from '../modules/catalog/index.ts';
import type { ServerPage } from './head.ts';

/** /products: a list of a category that does not exist says so, with the status that says so. */
export const productListPage: ServerPage = async ({ app, address }) => {
  const categoryId = new URLSearchParams(address.split('?')[1] ?? '').get('category_id');
  if (categoryId === null) return { status: 200 };
  const found =
    idParam.safeParse(categoryId).success && (await categoryExists(app.ctx.db, Number(categoryId)));
  return { status: found ? 200 : 404 };
};

/**
 * /promotions/:slug: a promotion (its id or slug, as GET v1/promotions/{id} reads it) that does not exist or is not
 * running is the 404 page (issue 43: 200, then the browser went to /404).
 */
export const promotionPage: ServerPage = async ({ app, path, locale }) => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path.split('/')[2] ?? '');
  } catch {
    return { status: 404 };
  }
  const parsed = promotionKeyParam.safeParse(decoded);
  if (!parsed.success) return { status: 404 };
  try {
    await getPromotion(app.ctx.db, parsed.data, locale, app.ctx.clock.now());
    return { status: 200 };
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return { status: 404 };
    throw err;
  }
};
