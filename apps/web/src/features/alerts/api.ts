import type { AlertSettings, AlertsResponse, StockAlertResponse } from '@store/contracts/alerts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const ALERTS_KEY = ['alerts'] as const;

/** GET v1/users/alerts: the shopper's choices and the products they wait for. */
export const alertsQueryOptions = () =>
  queryOptions({
    queryKey: ALERTS_KEY,
    queryFn: ({ signal }) => api<AlertsResponse>('users/alerts', { signal }),
  });

/** GET v1/users/products/{id}/stock_alert: whether the shopper waits for the product. */
export const stockAlertQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: [...ALERTS_KEY, 'product', productId],
    queryFn: ({ signal }) => api<StockAlertResponse>(`users/products/${productId}/stock_alert`, { signal }),
  });

/** POST (ask) or DELETE (cancel) v1/users/products/{id}/stock_alert. */
export const setStockAlert = (productId: number, on: boolean) =>
  api<StockAlertResponse>(`users/products/${productId}/stock_alert`, { method: on ? 'POST' : 'DELETE' });

/** PUT v1/users/alerts/settings. */
export const saveAlertSettings = (settings: AlertSettings) =>
  api<AlertsResponse>('users/alerts/settings', { method: 'PUT', body: settings });
