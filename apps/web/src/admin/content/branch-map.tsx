import { MAP_DEFAULT } from '@store/contracts/constants';
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

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * A branch's pin: drag it, or tap the map, and the latitude and longitude fields follow; typed numbers move the pin.
 * Leaflet comes with this chunk only, loaded when a branch's form opens.
 */
export default function BranchMap({
  lat,
  lng,
  onPick,
}: {
  lat: number | null;
  lng: number | null;
  onPick(p: { lat: number; lng: number }): void;
}) {
  const { t } = useTranslation('admin');
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const pin = useRef<L.Marker | null>(null);
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  }, [onPick]);

  useEffect(() => {
    if (!box.current) return;
    const start = lat !== null && lng !== null ? { lat, lng } : MAP_DEFAULT;
    const m = L.map(box.current, { center: [start.lat, start.lng], zoom: 14, scrollWheelZoom: false });
    L.tileLayer(TILE_URL, { maxZoom: 19, attribution: TILE_ATTRIBUTION }).addTo(m);
    const marker = L.marker([start.lat, start.lng], {
      draggable: true,
      icon: pinIcon,
      title: t('content.branches.pin'),
      alt: t('content.branches.pin'),
    }).addTo(m);
    marker.on('dragend', () => {
      const p = marker.getLatLng();
      pick.current({ lat: round(p.lat), lng: round(p.lng) });
    });
    m.on('click', (e: L.LeafletMouseEvent) => {
      marker.setLatLng(e.latlng);
      pick.current({ lat: round(e.latlng.lat), lng: round(e.latlng.lng) });
    });
    map.current = m;
    pin.current = marker;
    const frame = requestAnimationFrame(() => m.invalidateSize());
    return () => {
      cancelAnimationFrame(frame);
      m.remove();
      map.current = null;
      pin.current = null;
    };
    // Built once; typed positions arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (lat === null || lng === null || !pin.current || !map.current) return;
    const at = pin.current.getLatLng();
    if (at.lat !== lat || at.lng !== lng) {
      pin.current.setLatLng([lat, lng]);
      map.current.panTo([lat, lng]);
    }
  }, [lat, lng]);

  return (
    <div
      ref={box}
      dir="ltr"
      aria-label={t('content.branches.mapLabel')}
      className="h-64 w-full overflow-hidden rounded-xl border border-slate-200 bg-slate-100"
      data-testid="branch-map"
    />
  );
}
