/**
 * The variant an order line sold (issue 49, decision 034): its SKU and its option values in both languages, fixed on
 * the line when its price is (checkout, a late payment), so the order and its invoice keep saying what was sold
 * after the product's options are renamed. Lines of products sold as one item keep `variant` null.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export async function recordLineVariants(tx: DbOrTx, orderId: number): Promise<void> {
  await tx.execute(sql`update order_products op set variant = jsonb_build_object('sku', p.sku, 'options',
      (select coalesce(jsonb_agg(jsonb_build_object('name_en', o.opt ->> 'name_en', 'name_ar', o.opt ->> 'name_ar',
                'value_en', v.val ->> 'en', 'value_ar', v.val ->> 'ar') order by o.i), '[]'::jsonb)
         from jsonb_array_elements(pp.variant_options) with ordinality o(opt, i)
         join jsonb_array_elements(p.variant_values) with ordinality v(val, j) on v.j = o.i))
    from products p join products pp on pp.id = p.variant_of
    where op.order_id = ${orderId} and op.product_id = p.id`);
}
