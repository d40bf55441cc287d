import { describe, expect, it } from 'vitest';
import { isPrivatePage, isShopPage, PAGES } from './pages.ts';

describe("the shop's page table", () => {
  it('knows every page of spec §2, ids only as digits a database id can hold', () => {
    for (const path of [
      '/',
      '/products',
      '/products/12',
      '/special-offers',
      '/promotions/summer-sale',
      '/cart',
      '/about-us',
      '/terms-conditions',
      '/privacy-policy',
      '/returns-policy',
      '/auth/signin',
      '/auth/register',
      '/auth/forgot_password',
      '/auth/reset_password/abc123',
      '/auth/otp_confirmation',
      '/my-account',
      '/my-account/orders',
      '/my-account/account/change-password',
      '/my-account/account/edit-profile',
      '/my-account/orders/7',
      '/address',
      '/address/3',
      '/checkout',
      '/checkout/payment',
      '/complete-payment',
      '/404',
    ])
      expect(isShopPage(path), path).toBe(true);
    for (const path of [
      '/no-such-page',
      '/products/abc',
      '/products/12345678901',
      '/products/12/reviews',
      '/address/home',
      '/my-account/orders/7/x',
      '/cart/',
      '/admin',
    ])
      expect(isShopPage(path), path).toBe(false);
  });

  it("keeps a shopper's own pages and a purchase's steps private, and everything under them", () => {
    for (const path of [
      '/cart',
      '/checkout/cart',
      '/my-account/orders/7',
      '/address',
      '/auth/anything',
      '/complete-payment',
    ])
      expect(isPrivatePage(path), path).toBe(true);
    for (const path of [
      '/',
      '/products/12',
      '/promotions/summer-sale',
      '/about-us',
      '/404',
      '/cartoons',
      '/authors',
    ])
      expect(isPrivatePage(path), path).toBe(false);
    expect(PAGES.filter((p) => p.private).every((p) => isPrivatePage(`/${p.path}`))).toBe(true);
  });
});
