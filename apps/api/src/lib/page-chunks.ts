import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Vite's build manifest (dist/.vite/manifest.json): each chunk by its source file (or `_name.js`). */
export type BuildManifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/** Reads the storefront build's manifest; null when the build has none (an older build, a test's dist). */
export function readBuildManifest(distDir: string): BuildManifest | null {
  const file = path.join(distDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BuildManifest) : null;
}

/**
 * The chunks (as `/assets/…` addresses) the modules `sources` need beyond the first load: each module's own chunk,
 * then every chunk it imports, directly or not. What the first load already has (the entry `index.html` and what it
 * imports) is left out, and so is a source the manifest does not know. Remembered per set of sources: a server
 * asks for the same few sets (a page kind and a language) again and again.
 */
export function pageChunks(manifest: BuildManifest): (sources: readonly string[]) => string[] {
  const closure = (keys: readonly string[], into: Set<string>) => {
    const visit = (key: string) => {
      if (into.has(key) || !manifest[key]) return;
      into.add(key);
      for (const imported of manifest[key].imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return into;
  };
  const firstLoad = closure(
    Object.keys(manifest).filter((key) => manifest[key]!.isEntry),
    new Set(),
  );
  const known = new Map<string, string[]>();
  return (sources) => {
    const id = sources.join('\n');
    let files = known.get(id);
    if (!files) {
      const needed = closure(sources, new Set(firstLoad));
      files = [...needed].filter((key) => !firstLoad.has(key)).map((key) => `/${manifest[key]!.file}`);
      known.set(id, files);
    }
    return files;
  };
}
