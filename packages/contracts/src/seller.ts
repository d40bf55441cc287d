import { z } from 'zod';

/**
 * GET /v1/store/seller: the company that sells, as its invoices and e-receipts name it (the API's STORE_LEGAL_NAME,
 * STORE_ADDRESS, STORE_TAX_ID settings and their Arabic twins), in the request's language. The storefront's footer
 * prints its tax number from here, so the shop shows one legal name and one tax number everywhere.
 */
export const storeSellerResponseSchema = z.object({
  seller: z.object({
    legal_name: z.string(),
    address: z.string(),
    /** The tax registration number, as printed: 674-859-545. */
    tax_id: z.string(),
  }),
});
export type StoreSeller = z.infer<typeof storeSellerResponseSchema>['seller'];
