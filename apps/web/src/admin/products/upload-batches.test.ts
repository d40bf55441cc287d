import { describe, expect, it } from 'vitest';
import { FILES_PER_REQUEST, uploadBatches } from './upload-batches';

const photo = (name: string) => ({ name, type: 'image/jpeg' });
const model = (name: string) => ({ name, type: '' });
const names = (batches: { name: string }[][]) => batches.map((b) => b.map((f) => f.name));

describe('the images editor’s requests', () => {
  it('twenty photos dropped at once go as seven requests of at most three, in the order given', () => {
    const files = Array.from({ length: 20 }, (_, i) => photo(`p${i + 1}.jpg`));
    const batches = uploadBatches(files);
    expect(FILES_PER_REQUEST).toBe(3);
    expect(batches.map((b) => b.length)).toEqual([3, 3, 3, 3, 3, 3, 2]);
    expect(batches.flat()).toEqual(files);
  });

  it('a .glb model goes alone, between the photos around it', () => {
    const files = [photo('a.jpg'), photo('b.png'), model('phone.glb'), photo('c.webp'), model('tv.GLB')];
    expect(names(uploadBatches(files))).toEqual([['a.jpg', 'b.png'], ['phone.glb'], ['c.webp'], ['tv.GLB']]);
    expect(names(uploadBatches([{ name: 'x', type: 'model/gltf-binary' }, photo('d.jpg')]))).toEqual([
      ['x'],
      ['d.jpg'],
    ]);
  });

  it('nothing to send, no request', () => {
    expect(uploadBatches([])).toEqual([]);
  });
});
