import type { DeliveryZone } from '@store/contracts/address';
import { normalizeSearchText } from '@store/contracts/arabic';

const GOVERNORATE_WORDS = new Set(['governorate', 'محافظه']);
const key = (s: string) =>
  normalizeSearchText(s)
    .split(' ')
    .filter((w) => w && !GOVERNORATE_WORDS.has(w))
    .map((w) => (w.length > 3 && w.startsWith('ال') ? w.slice(2) : w))
    .join('');

/**
 * The delivery zone a governorate name belongs to ("Cairo Governorate", "محافظة القاهرة" and "القاهرة" all meet
 * Cairo), to pre-select the governorate from the map or to show a saved one. The server has the last word.
 */
export function matchZone(
  zones: readonly DeliveryZone[],
  governorate: string | null | undefined,
): DeliveryZone | undefined {
  if (!governorate) return undefined;
  const k = key(governorate);
  if (!k) return undefined;
  return zones.find((z) => key(z.name_en) === k || key(z.name_ar) === k || key(z.name) === k);
}
