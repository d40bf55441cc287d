/** The types of pglite-file-sizes.mjs (plain JavaScript, loaded by the embedded database's worker thread). */

export interface RememberedFileSizes {
  /** fstat answers given from memory, and read from the file system. */
  counts: { hits: number; reads: number };
  /** Puts the replaced calls back. */
  forget(): void;
}

export declare function rememberFileSizes(fs: typeof import('node:fs')): RememberedFileSizes;
