import type { Cart } from '@store/contracts/cart';
import type {
  Bank,
  BankInstallment,
  EndPaymentSessionResponse,
  OfflinePaymentMethod,
  Order,
  PaymentKeyResponse,
} from '@store/contracts/checkout';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** PUT v1/users/orders/{id}/address: the address of the cart order; answers the reloaded cart (with its fee). */
export const attachAddress = (orderId: number, addressId: number) =>
  api<{ order: Cart }>(`users/orders/${orderId}/address`, {
    method: 'PUT',
    body: { address_id: addressId, order_id: orderId },
  }).then((r) => r.order);

/** PUT v1/users/national_id: saved on the user (422 with a field error when it is not valid). */
export const saveNationalId = (nationalId: string) =>
  api<{ user: { id: number; national_id: string | null } }>('users/national_id', {
    method: 'PUT',
    body: { national_id: nationalId },
  }).then((r) => r.user);

export const banksQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: ['banks', locale],
    queryFn: () => api<{ banks: Bank[] }>('users/banks', { query: { show_all: true } }).then((r) => r.banks),
    staleTime: 5 * 60_000,
  });

export const plansQueryOptions = (bankId: number | null) =>
  queryOptions({
    queryKey: ['bank-installments', bankId],
    queryFn: () =>
      api<{ bank_installments: BankInstallment[] }>('users/bank_installments', {
        query: { bank_id: bankId, show_all: true },
      }).then((r) => r.bank_installments),
    enabled: bankId !== null,
    staleTime: 5 * 60_000,
  });

/** POST v1/users/checkout with payment_method online: a payment key for 5 minutes and the total. */
export const requestPaymentKey = () =>
  api<PaymentKeyResponse>('users/checkout', { method: 'POST', body: { payment_method: 'online' } });

/**
 * DELETE v1/users/checkout: ends the open online payment session to choose another way to pay; the server gives its
 * items back to the cart (with the discount code). `ended` false when none was open any more.
 */
export const endPaymentSession = () => api<EndPaymentSessionResponse>('users/checkout', { method: 'DELETE' });

/** PUT v1/users/checkout: places the order with an offline method. */
export const placeOrder = (body: {
  payment_method: OfflinePaymentMethod;
  bank_id?: number;
  bank_installment_id?: number;
}) => api<{ order: Order }>('users/checkout', { method: 'PUT', body }).then((r) => r.order);
