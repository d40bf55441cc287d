/** Shipments with a courier (issue 48): made from an order, and the courier's news read back. */
export { courierWebhookRoutes } from './routes.ts';
export { adminShipmentRoutes } from './admin-routes.ts';
export { adminSettlementRoutes } from './settlement-routes.ts';
export {
  courierEventElsewhere,
  createShipmentForOrder,
  followOrderByHand,
  liveShipment,
  recordCourierEvents,
  shipmentRequestFor,
  shipmentCanceled,
  shipmentMoved,
  shipmentsOf,
  shipmentViews,
  type RecordedEvents,
  type ShipmentCancel,
  type ShipmentChange,
  type ShipmentContext,
  type ShipmentRow,
  type ShipmentView,
} from './service.ts';
export { pollCourierNews, TRACKING_POLL_EVERY_MS } from './tracking-poll.ts';
