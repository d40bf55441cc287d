/** The types of imports-read.mjs (plain JavaScript, so that its worker thread loads it under tsx, vitest and node). */

/** Why a whole file cannot be read: a message key of apiMessages (with its `:argument`). */
export declare class FileError extends Error {
  constructor(key: string);
  readonly key: string;
}

/** What reading one file may take; each is counted while reading, and reading stops past it. */
export interface ReadLimits {
  /** Rows of products (the header aside, blank rows not counted). */
  maxRows: number;
  /** Cells in all, a blank row counting one (and the rows an XLSX sheet skips, each one). */
  maxCells: number;
  /** Bytes an XLSX file's parts unpack to, as inflated (never as its directory says). */
  maxUnpackedBytes: number;
}

export declare function decodeText(bytes: Uint8Array): string;
export declare function isBlankRow(row: string[]): boolean;
export declare function parseCsv(input: string, limits?: ReadLimits): string[][];
export declare function csvRows(input: string, limits?: ReadLimits): Generator<string[], void, undefined>;
export declare function csvCell(
  value: string | number | boolean | null | undefined,
  isText?: boolean,
): string;
export declare function csvLine(cells: string[]): string;
export declare function writeCsv(rows: string[][]): string;
export declare function isZip(bytes: Uint8Array): boolean;
export declare function readXlsxRows(bytes: Uint8Array, limits?: ReadLimits): string[][];
export declare function readImportRows(
  bytes: Uint8Array,
  limits: ReadLimits,
): { header: string[]; source: string; total: number };
