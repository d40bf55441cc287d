/**
 * Money is an integer number of piastres (1 EGP = 100 piastres) in code and database.
 * On the wire a price is an EGP amount with at most 2 decimals, made from the integer by `toEgp`.
 */
export type Piastres = number;

export function toEgp(piastres: Piastres): number {
  return Math.round(piastres) / 100;
}

export function toPiastres(egp: number): Piastres {
  return Math.round(egp * 100);
}

/** "12,499.5 EGP" (en-US digits, up to 2 decimals) — the one display format of spec §1. */
export function formatMoney(egp: number, currencyLabel = 'EGP'): string {
  const n = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 0 }).format(
    egp,
  );
  return `${n} ${currencyLabel}`;
}
