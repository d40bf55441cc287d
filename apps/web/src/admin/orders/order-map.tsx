import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Tiles as the shop's address map takes them (VITE_MAP_TILE_URL / VITE_MAP_TILE_ATTRIBUTION, README). */
const TILE_URL: string =
  import.meta.env.VITE_MAP_TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const TILE_ATTRIBUTION: string =
  import.meta.env.VITE_MAP_TILE_ATTRIBUTION ||
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

const pinIcon = L.divIcon({
  className: '',
  html: '<svg width="30" height="40" viewBox="0 0 36 48" aria-hidden="true"><path d="M18 47s16-17.3 16-29A16 16 0 1 0 2 18c0 11.7 16 29 16 29z" fill="#0b4f8a" stroke="#fff" stroke-width="2"/><circle cx="18" cy="18" r="6" fill="#fff"/></svg>',
  iconSize: [30, 40],
  iconAnchor: [15, 38],
});

/**
 * Where the order goes: a small Leaflet map with the address's pin (read only). Leaflet comes with this chunk, when
 * an order with a position is opened. Scroll-wheel zoom is off so the page scrolls past it.
 */
export default function OrderMap({ lat, lng }: { lat: number; lng: number }) {
  const { t } = useTranslation('admin');
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    const m = L.map(box.current, { center: [lat, lng], zoom: 15, scrollWheelZoom: false });
    L.tileLayer(TILE_URL, { maxZoom: 19, attribution: TILE_ATTRIBUTION }).addTo(m);
    L.marker([lat, lng], { icon: pinIcon, keyboard: false, title: t('order.address.pin') }).addTo(m);
    const frame = requestAnimationFrame(() => m.invalidateSize());
    return () => {
      cancelAnimationFrame(frame);
      m.remove();
    };
  }, [lat, lng, t]);
  return (
    <div
      ref={box}
      dir="ltr"
      // A named region, not an image: the map holds controls of its own (zoom, the tiles' credit link), and an
      // image's content is presentational (axe: nested-interactive, issue 43 item 18).
      role="region"
      aria-label={t('order.address.mapLabel')}
      className="h-48 w-full overflow-hidden rounded-xl border border-slate-200 bg-slate-100"
      data-testid="order-map"
    />
  );
}
