import { HOTLINE } from '@store/contracts/constants';

/**
 * How shoppers reach the store (footer, about us). The hotline is the spec's (§1, §9); the other values are the
 * store's own details — replace them with the real ones before going live. The tax registration number is not here:
 * the footer prints the invoices' (the API's STORE_TAX_ID, GET /v1/store/seller).
 */
export const STORE_CONTACTS = {
  hotline: HOTLINE,
  /** Messaging app (WhatsApp), Egyptian mobile number in local and international form. */
  whatsapp: { display: '0100 658 1658', international: '201006581658' },
  email: 'care@egypt-electronics.example',
  social: {
    facebook: 'https://www.facebook.com/egyptelectronics.store',
    instagram: 'https://www.instagram.com/egyptelectronics.store',
    youtube: 'https://www.youtube.com/@egyptelectronics.store',
    tiktok: 'https://www.tiktok.com/@egyptelectronics.store',
  },
} as const;
