/**
 * Form bodies (urlencoded or multipart) arrive flat: `order_product[product_id]=3`, `items[0][quantity]=2`.
 * This turns bracketed keys into the nested objects (and arrays, for numeric keys) a JSON body would carry, so one
 * contracts schema validates every kind of body. Keys that could reach an object's prototype are dropped.
 */
const UNSAFE = new Set(['__proto__', 'prototype', 'constructor']);
const BRACKETED = /^([^[\]]+)((?:\[[^[\]]*\])+)$/;

type Obj = Record<string, unknown>;
const isPlainObject = (v: unknown): v is Obj =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !Buffer.isBuffer(v);

/** Objects whose keys are all 0..n-1 become arrays (items[0], items[1], ...). */
function arrays(v: unknown): unknown {
  if (!isPlainObject(v)) return v;
  const keys = Object.keys(v);
  for (const k of keys) v[k] = arrays(v[k]);
  if (keys.length && keys.every((k) => /^\d+$/.test(k)) && keys.length <= 1000) {
    const sorted = keys.map(Number).sort((a, b) => a - b);
    if (sorted.every((n, i) => n === i)) return sorted.map((n) => v[String(n)]);
  }
  return v;
}

export function expandFormKeys(body: unknown): unknown {
  if (!isPlainObject(body)) return body;
  if (!Object.keys(body).some((k) => k.includes('['))) return body;
  const out: Obj = {};
  for (const [key, value] of Object.entries(body)) {
    const m = BRACKETED.exec(key);
    if (!m) {
      if (!UNSAFE.has(key)) out[key] = value;
      continue;
    }
    const path = [m[1]!, ...[...m[2]!.matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1]!)];
    if (path.some((p) => UNSAFE.has(p) || p === '')) continue;
    let node = out;
    for (const [i, part] of path.entries()) {
      if (i === path.length - 1) {
        node[part] = value;
      } else {
        if (!isPlainObject(node[part])) node[part] = {};
        node = node[part] as Obj;
      }
    }
  }
  return arrays(out);
}

/** PUT /users accepts `{ user: {...} }` (spec §7 "user object") as well as the fields themselves. */
export function unwrap(body: unknown, key: string): unknown {
  if (isPlainObject(body) && isPlainObject(body[key])) {
    const { [key]: inner, ...rest } = body;
    return { ...rest, ...(inner as Obj) };
  }
  return body;
}
