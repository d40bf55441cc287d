import { z } from 'zod';
import { DiskImageStore, type ImageStore } from './image-store.ts';

/** IMAGE_STORE and the S3 bucket's settings (config.ts; decision 031): the store is adapters/s3-image-store.ts. */
const unsetIfEmpty = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalText = (name: string) =>
  z.preprocess(unsetIfEmpty, z.string().trim().min(1, `${name} must not be empty`).optional());

/** IMAGE_STORE and the bucket's settings (config.ts). */
export const imageStoreSettingsShape = {
  /** Where uploaded pictures are kept: disk (DATA_DIR/uploads, one machine) or s3 (a bucket every instance shares). */
  IMAGE_STORE: z.enum(['disk', 's3'], 'IMAGE_STORE must be disk or s3').default('disk'),
  S3_BUCKET: optionalText('S3_BUCKET'),
  S3_ENDPOINT: z.preprocess(
    unsetIfEmpty,
    z
      .url({
        protocol: /^https?$/,
        error: 'S3_ENDPOINT must be an http(s) address, e.g. https://s3.eu-central-1.amazonaws.com',
      })
      .optional(),
  ),
  S3_REGION: optionalText('S3_REGION'),
  S3_ACCESS_KEY_ID: optionalText('S3_ACCESS_KEY_ID'),
  S3_SECRET_ACCESS_KEY: optionalText('S3_SECRET_ACCESS_KEY'),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], 'S3_FORCE_PATH_STYLE must be true or false')
    .default('false'),
  S3_PUBLIC_URL: z.preprocess(
    unsetIfEmpty,
    z
      .url({
        protocol: /^https?$/,
        error: 'S3_PUBLIC_URL must be an http(s) address, e.g. https://cdn.example.com',
      })
      .optional(),
  ),
};

export type ImageStoreSettings = z.infer<z.ZodObject<typeof imageStoreSettingsShape>>;

/** The bucket's settings IMAGE_STORE=s3 needs, in one sentence naming those missing. */
export function checkImageStoreSettings(c: ImageStoreSettings, ctx: z.RefinementCtx) {
  if (c.IMAGE_STORE !== 's3') return;
  const needed = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const missing = needed.filter((k) => c[k] === undefined);
  if (missing.length)
    ctx.addIssue({
      code: 'custom',
      path: [missing[0]!],
      message: `IMAGE_STORE=s3 needs ${missing.join(', ')} (the bucket, its region and an access key that may read, write, list and delete in it)`,
    });
}

/**
 * The store the settings name: the disk store on `uploadsDir`, or the bucket. The S3 client is loaded only for a
 * bucket (about 170 ms of a start otherwise spent for nothing).
 */
export async function createImageStore(c: ImageStoreSettings, uploadsDir: string): Promise<ImageStore> {
  if (c.IMAGE_STORE !== 's3') return new DiskImageStore(uploadsDir);
  const { S3ImageStore } = await import('./s3-image-store.ts');
  return new S3ImageStore({
    bucket: c.S3_BUCKET!,
    endpoint: c.S3_ENDPOINT,
    region: c.S3_REGION!,
    accessKeyId: c.S3_ACCESS_KEY_ID!,
    secretAccessKey: c.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: c.S3_FORCE_PATH_STYLE === 'true',
    publicUrl: c.S3_PUBLIC_URL,
  });
}
