import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderPage } from '../../test/dom';
import { FooterContent } from './footer-content';

/**
 * The footer's tax number is the invoices' (GET /v1/store/seller, the API's STORE_TAX_ID): one number everywhere,
 * not a second one written into the storefront (512-638-947 in the footer beside 000-000-000 on the invoice before).
 */
afterEach(cleanup);

describe('the footer', () => {
  it("prints the invoices' tax registration number, in either language", async () => {
    const { calls } = fakeApi({
      'GET store/seller': () => ({
        seller: {
          legal_name: 'Egypt Electronics S.A.E.',
          address: '12 Abbas El Akkad St., Nasr City, Cairo',
          tax_id: '674-859-545',
        },
      }),
    });
    await renderPage(<FooterContent />, { locale: 'ar' });
    const line = await screen.findByText('674-859-545');
    expect(line.closest('li')!.textContent).toBe('الرقم الضريبي: 674-859-545');
    expect(screen.queryByText('512-638-947')).toBeNull();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET store/seller']);
    cleanup();

    await renderPage(<FooterContent />, { locale: 'en' });
    expect((await screen.findByText('674-859-545')).closest('li')!.textContent).toBe(
      'Tax number: 674-859-545',
    );
  });

  it('prints no tax number it has not read (rather than another one)', async () => {
    const { calls } = fakeApi({
      'GET store/seller': () => ({ status: 503, body: { errors: ['unavailable'] } }),
    });
    await renderPage(<FooterContent />, { locale: 'en' });
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Tax number', { exact: false })).toBeNull();
    expect(screen.queryByText(/\d{3}-\d{3}-\d{3}/)).toBeNull();
  });
});
