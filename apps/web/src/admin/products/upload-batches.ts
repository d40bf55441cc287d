/**
 * How the images editor sends many files: in requests of a few files each, one after another, so that twenty
 * photos dropped on a slow line never make one request the server cuts (it takes at most IMAGES_PER_UPLOAD files
 * and gives a request 30 seconds), and a refused request loses only its own files.
 */

/** Photos one request carries: three of the largest photos (5 MB each) are 15 MB. */
export const FILES_PER_REQUEST = 3;

/** A binary glTF 3D model (up to 20 MB), by its name or type. */
export const isModel = (f: { name: string; type: string }) =>
  /\.glb$/i.test(f.name) || f.type === 'model/gltf-binary';

/** The requests to send, in the order the files were given: at most `per` photos each, a 3D model alone. */
export function uploadBatches<T extends { name: string; type: string }>(
  files: readonly T[],
  per = FILES_PER_REQUEST,
): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  const flush = () => {
    if (current.length) batches.push(current);
    current = [];
  };
  for (const f of files) {
    if (isModel(f)) {
      flush();
      batches.push([f]);
      continue;
    }
    current.push(f);
    if (current.length >= per) flush();
  }
  flush();
  return batches;
}
