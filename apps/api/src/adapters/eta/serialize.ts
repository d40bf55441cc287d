/**
 * The Egyptian Tax Authority's canonical serialization of a JSON document, and the e-receipt's uuid made from it.
 *
 * Serialization (ETA SDK, "Document Serialization Approach", sdk.invoicing.eta.gov.eg/document-serialization-approach):
 * - the document is walked from its root object, properties in the order they stand in the document;
 * - every property name is written in invariant upper case, in double quotes;
 * - every simple value is written as it stands in the document (a number keeps its literal: 10.50 stays "10.50"),
 *   in double quotes, with nothing escaped (the escaping the page describes is for XML only);
 * - an object property is its name followed by its properties; an array property is its name once, then each
 *   element preceded by the name again (n elements: the name n + 1 times).
 * No separators, no whitespace: only names and values count, so how the JSON is laid out never changes the hash.
 *
 * Receipt uuid (ETA SDK, "Receipt Issuance FAQ", How to generate receipt UUID): the receipt with every field it is
 * sent with (its previousUUID included, and referenceUUID for a return), its own `uuid` present and empty, is
 * serialized as above, hashed with SHA-256 over the UTF-8 bytes, and the 32 bytes written as 64 hexadecimal
 * characters. The ETA computes it again from what it receives, so the receipt must be sent with the same property
 * order and the same number literals it was hashed with (toEtaJson below writes them so).
 *
 * The fixtures beside this file hold the ETA's own published pair (one-doc.json and its serialized text) that the
 * tests reproduce byte for byte; fixtures/README.md says where they come from.
 */
import { createHash } from 'node:crypto';

/** A JSON number as it was written (10.50, 0.00, 7): the serialization keeps the literal, not the value. */
export class EtaNumber {
  constructor(readonly literal: string) {}
}

export type EtaValue = string | number | boolean | EtaNumber | EtaDocument | EtaValue[];
export interface EtaDocument {
  [name: string]: EtaValue;
}

/** A value as the ETA writes it: in quotes, as it stands. */
function simple(value: string | number | boolean | EtaNumber, path: string): string {
  if (value instanceof EtaNumber) return `"${value.literal}"`;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`ETA serialization: ${path} is not a finite number`);
    return `"${String(value)}"`;
  }
  return `"${String(value)}"`;
}

function serializeObject(doc: EtaDocument, path: string): string {
  let out = '';
  for (const [name, value] of Object.entries(doc)) {
    const upper = `"${name.toUpperCase()}"`;
    const at = `${path}.${name}`;
    if (value === null || value === undefined)
      // The ETA publishes no rule for null: a document with one would hash differently on each side.
      throw new Error(`ETA serialization: ${at} is empty (leave the property out instead)`);
    if (Array.isArray(value)) {
      out += upper;
      value.forEach((element, i) => {
        out += upper + serializeValue(element, `${at}[${i}]`);
      });
    } else out += upper + serializeValue(value, at);
  }
  return out;
}

function serializeValue(value: EtaValue, path: string): string {
  if (value === null || value === undefined)
    throw new Error(`ETA serialization: ${path} is empty (leave the property out instead)`);
  if (Array.isArray(value)) throw new Error(`ETA serialization: ${path} is an array inside an array`);
  if (typeof value === 'object' && !(value instanceof EtaNumber)) return serializeObject(value, path);
  return simple(value, path);
}

/** The ETA's canonical text of a document (its root object). */
export function etaSerialize(doc: EtaDocument): string {
  return serializeObject(doc, '$');
}

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The receipt's uuid: SHA-256 (64 hex characters) of its serialization with header.uuid present and empty, every
 * other field (previousUUID included) as it is sent.
 */
export function receiptUuid(receipt: EtaDocument): string {
  const header = receipt.header;
  if (!header || typeof header !== 'object' || Array.isArray(header) || header instanceof EtaNumber)
    throw new Error('ETA receipt: the receipt has no header');
  if (!('uuid' in header))
    throw new Error('ETA receipt: the header has no uuid field (it must be there, empty)');
  // Same key order: only the value is emptied, where it stands.
  return sha256Hex(etaSerialize({ ...receipt, header: { ...header, uuid: '' } }));
}

/**
 * The JSON text of a document as it is sent: keys in their order, numbers written with the literal they were hashed
 * with (an EtaNumber's literal; a JS number as String() writes it, which is what JSON.stringify writes too).
 */
export function toEtaJson(value: EtaValue): string {
  if (value instanceof EtaNumber) return value.literal;
  if (Array.isArray(value)) return `[${value.map(toEtaJson).join(',')}]`;
  if (typeof value === 'object' && value !== null)
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toEtaJson(v)}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/**
 * Parses JSON keeping each number's literal (an EtaNumber), so a published document serializes as the ETA wrote
 * it (JSON.parse would turn 10.50 into 10.5 and 0.00 into 0).
 */
export function parseEtaJson(text: string): EtaValue {
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`ETA JSON: ${what} at character ${i}`);
  };
  const ws = () => {
    while (i < text.length && ' \t\r\n'.includes(text[i]!)) i++;
  };
  const str = (): string => {
    const start = i;
    i++; // opening quote
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (text[i] !== '"') fail('an unterminated string');
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (): EtaValue => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const obj: EtaDocument = {};
      ws();
      if (text[i] === '}') return (i++, obj);
      for (;;) {
        ws();
        if (text[i] !== '"') fail('a property name was expected');
        const key = str();
        ws();
        if (text[i] !== ':') fail('":" was expected');
        i++;
        obj[key] = value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return (i++, obj);
        else fail('"," or "}" was expected');
      }
    }
    if (c === '[') {
      i++;
      const arr: EtaValue[] = [];
      ws();
      if (text[i] === ']') return (i++, arr);
      for (;;) {
        arr.push(value());
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return (i++, arr);
        else fail('"," or "]" was expected');
      }
    }
    if (c === '"') return str();
    const m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (m) {
      i += m[0].length;
      return new EtaNumber(m[0]);
    }
    if (text.startsWith('true', i)) return ((i += 4), true);
    if (text.startsWith('false', i)) return ((i += 5), false);
    if (text.startsWith('null', i))
      fail('null (the ETA has no serialization for it; leave the property out)');
    return fail('a value was expected');
  };
  const result = value();
  ws();
  if (i !== text.length) fail('text after the document');
  return result;
}
