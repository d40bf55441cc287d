import { MAP_DEFAULT } from '@store/contracts/constants';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { SearchIcon } from '../../../ui/icons';
import { Spinner } from '../../../ui/spinner';
import { searchPlaces, type Place } from '../api/geocode';
import { useAddressesTranslation } from '../i18n';

export interface LatLng {
  lat: number;
  lng: number;
}

interface Props {
  /** The chosen position, or null while none is chosen (the pin then waits at the default centre). */
  position: LatLng | null;
  onPick(position: LatLng): void;
}

// A pin drawn in SVG: no marker images to resolve through the bundler, nothing to fetch offline.
const pinIcon = L.divIcon({
  className: '',
  html: '<svg width="36" height="48" viewBox="0 0 36 48" aria-hidden="true"><path d="M18 47s16-17.3 16-29A16 16 0 1 0 2 18c0 11.7 16 29 16 29z" fill="#0b4f8a" stroke="#fff" stroke-width="2"/><circle cx="18" cy="18" r="6" fill="#fff"/></svg>',
  iconSize: [36, 48],
  iconAnchor: [18, 46],
});

/** Screen directions of the arrow keys (the map is laid out left to right in both languages). */
const ARROW_MOVES: Record<string, [number, number]> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

/**
 * Map tiles: OpenStreetMap's by default. A busy shop should use a tile provider of its own (OSM's tile usage
 * policy); set VITE_MAP_TILE_URL (and VITE_MAP_TILE_ATTRIBUTION) when building the storefront (README).
 */
const TILE_URL: string =
  import.meta.env.VITE_MAP_TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const TILE_ATTRIBUTION: string =
  import.meta.env.VITE_MAP_TILE_ATTRIBUTION ||
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/**
 * The address form's map (spec §2): OpenStreetMap tiles, a draggable pin (a tap on the map moves it too), a search
 * box and a current-location button; default centre Cairo, zoom 16, 500 px high. Leaflet comes with this module
 * only, which the form loads lazily. Tiles that fail to load (offline) leave a grey map that still takes a pin.
 */
export default function LocationMap({ position, onPick }: Props) {
  const { t } = useAddressesTranslation();
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const pick = useRef(onPick);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [query, setQuery] = useState('');
  const [searching, setSearching] = useState(false);
  const [results, setResults] = useState<Place[] | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const resultsId = useId();
  const hintId = useId();

  useEffect(() => {
    pick.current = onPick;
  }, [onPick]);

  const lat = position?.lat;
  const lng = position?.lng;

  // The map, once. It starts on the chosen position (editing) or on Cairo.
  useEffect(() => {
    if (!box.current) return;
    const start: LatLng = lat !== undefined && lng !== undefined ? { lat, lng } : MAP_DEFAULT;
    const m = L.map(box.current, { center: [start.lat, start.lng], zoom: MAP_DEFAULT.zoom });
    L.tileLayer(TILE_URL, { maxZoom: 19, attribution: TILE_ATTRIBUTION })
      .on('tileerror', () => setTilesFailed(true))
      .addTo(m);
    const pin = L.marker([start.lat, start.lng], {
      draggable: true,
      icon: pinIcon,
      title: t('map.pin'),
      alt: t('map.pin'),
    }).addTo(m);
    pin.on('dragend', () => {
      const p = pin.getLatLng();
      pick.current({ lat: p.lat, lng: p.lng });
    });
    // The keyboard moves the pin too: focus it (Tab) and use the arrow keys, Shift for bigger steps. The map
    // itself would pan on the same keys, so the pin keeps them.
    pin.getElement()?.addEventListener('keydown', (e: globalThis.KeyboardEvent) => {
      const step = e.shiftKey ? 50 : 10;
      const move = ARROW_MOVES[e.key];
      if (!move) return;
      e.preventDefault();
      e.stopPropagation();
      const to = m.containerPointToLatLng(
        m.latLngToContainerPoint(pin.getLatLng()).add(L.point(move[0] * step, move[1] * step)),
      );
      pin.setLatLng(to);
      pick.current({ lat: to.lat, lng: to.lng });
    });
    m.on('click', (e: L.LeafletMouseEvent) => {
      pin.setLatLng(e.latlng);
      pick.current({ lat: e.latlng.lat, lng: e.latlng.lng });
    });
    map.current = m;
    marker.current = pin;
    // The box may get its final size after the first paint (fonts, the lazy chunk).
    const frame = requestAnimationFrame(() => m.invalidateSize());
    return () => {
      cancelAnimationFrame(frame);
      m.remove();
      map.current = null;
      marker.current = null;
    };
    // The map is built once; later positions arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A position chosen outside the map (search, current location): the pin and the view follow.
  useEffect(() => {
    const m = map.current;
    const pin = marker.current;
    if (!m || !pin || lat === undefined || lng === undefined) return;
    const at = pin.getLatLng();
    if (at.lat !== lat || at.lng !== lng) pin.setLatLng([lat, lng]);
    if (!m.getBounds().pad(-0.2).contains([lat, lng]))
      m.setView([lat, lng], Math.max(m.getZoom(), MAP_DEFAULT.zoom));
  }, [lat, lng]);

  const choose = (p: LatLng) => {
    map.current?.setView([p.lat, p.lng], Math.max(map.current.getZoom(), MAP_DEFAULT.zoom));
    onPick(p);
  };

  const search = async () => {
    const q = query.trim();
    if (!q) return;
    setSearching(true);
    setNote(null);
    try {
      const found = await searchPlaces(q);
      setResults(found);
      if (!found.length) setNote(t('map.noResults'));
    } catch (e) {
      setResults(null);
      // 429: too many searches at the geocoder for now (the API paces it); anything else: search is down.
      setNote(t(e instanceof ApiError && e.status === 429 ? 'map.searchBusy' : 'map.searchFailed'));
    } finally {
      setSearching(false);
    }
  };

  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    // Enter searches the map; it must not submit the address form around it.
    if (e.key === 'Enter') {
      e.preventDefault();
      void search();
    }
  };

  const locate = () => {
    setNote(null);
    if (!('geolocation' in navigator)) {
      setNote(t('map.locateFailed'));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setLocating(false);
        choose({ lat: p.coords.latitude, lng: p.coords.longitude });
      },
      () => {
        setLocating(false);
        setNote(t('map.locateFailed'));
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1">
          <label htmlFor={`${resultsId}-q`} className="text-sm font-medium text-slate-700">
            {t('map.search')}
          </label>
          <div className="flex gap-2">
            <input
              id={`${resultsId}-q`}
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={onSearchKey}
              placeholder={t('map.searchPlaceholder')}
              aria-controls={results?.length ? resultsId : undefined}
              className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
              data-testid="map-search"
            />
            <Button
              variant="outline"
              onClick={() => void search()}
              disabled={searching}
              aria-label={t('map.searchButton')}
              title={t('map.searchButton')}
            >
              {searching ? <Spinner size={18} /> : <SearchIcon size={18} />}
            </Button>
          </div>
        </div>
        <Button variant="outline" onClick={locate} disabled={locating} data-testid="map-locate">
          {locating ? <Spinner size={18} /> : <LocateIcon />}
          {t('map.currentLocation')}
        </Button>
      </div>
      {results && results.length > 0 && (
        <ul
          id={resultsId}
          aria-label={t('map.results')}
          className="max-h-48 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 bg-white"
          data-testid="map-results"
        >
          {results.map((r) => (
            <li key={`${r.lat},${r.lng}`}>
              <button
                type="button"
                className="w-full px-3 py-2 text-start text-sm hover:bg-brand-50 focus-visible:bg-brand-50 focus-visible:outline-none"
                onClick={() => {
                  setResults(null);
                  choose({ lat: r.lat, lng: r.lng });
                }}
              >
                {r.label}
              </button>
            </li>
          ))}
        </ul>
      )}
      {note && (
        <p role="status" className="text-sm text-amber-800">
          {note}
        </p>
      )}
      <p id={hintId} className="text-sm text-slate-600">
        {t('map.hint')}
      </p>
      {/* Leaflet lays out left to right whatever the page direction; `isolate` keeps its panes under dialogs. */}
      <div
        ref={box}
        dir="ltr"
        role="region"
        aria-label={t('map.label')}
        aria-describedby={hintId}
        className="isolate z-0 w-full overflow-hidden rounded-xl border border-slate-300 bg-slate-200"
        style={{ height: MAP_DEFAULT.heightPx }}
        data-testid="address-map"
      />
      {tilesFailed && (
        <p role="status" className="text-sm text-slate-600" data-testid="map-tiles-failed">
          {t('map.tilesFailed')}
        </p>
      )}
    </div>
  );
}

function LocateIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v3M12 19v3M2 12h3M19 12h3" strokeLinecap="round" />
    </svg>
  );
}
