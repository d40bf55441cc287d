import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import {
  contentTypeOf,
  keyOfUrl,
  safeKey,
  uploadCacheControl,
  uploadKey,
  type ImageStore,
  type StoredFile,
} from './image-store.ts';

/**
 * The uploads in an S3 bucket (IMAGE_STORE=s3, issue 50 item 4, decision 031): AWS S3 or any store that speaks its
 * API (MinIO, Cloudflare R2, DigitalOcean Spaces, Wasabi…), one bucket for every instance. Keys are the disk
 * store's paths; the addresses stay `/uploads/<key>`, which the app serves from the bucket (the same sandbox and
 * cache headers as files on disk), or redirects to S3_PUBLIC_URL (a CDN in front of the bucket) when it is set.
 * Each object records its content type and the Cache-Control /uploads would send, so a CDN passes them on.
 */
export interface S3ImageStoreOptions {
  bucket: string;
  /** The service's address (https://s3.eu-central-1.amazonaws.com, http://127.0.0.1:9000 for MinIO…); default AWS. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Addresses as endpoint/bucket/key instead of bucket.endpoint/key (MinIO and most self-hosted stores). */
  forcePathStyle?: boolean;
  /** S3_PUBLIC_URL: where browsers fetch the files (no trailing slash), or none: the app serves them. */
  publicUrl?: string;
  /** Keys start with this folder in the bucket (tests share one bucket); default none. */
  prefix?: string;
}

const missingCode = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

export class S3ImageStore implements ImageStore {
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly cdn: string | undefined;

  constructor(opts: S3ImageStoreOptions) {
    this.client = new S3Client({
      region: opts.region,
      endpoint: opts.endpoint,
      forcePathStyle: opts.forcePathStyle,
      credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
      // Checksums only where S3 requires them: several S3-compatible stores refuse the newer checksum headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.bucket = opts.bucket;
    this.prefix = opts.prefix ? `${opts.prefix.replace(/\/+$/, '')}/` : '';
    this.cdn = opts.publicUrl?.replace(/\/+$/, '');
  }

  private objectKey(key: string) {
    if (!safeKey(key)) throw new Error(`unsafe upload key: ${key}`);
    return this.prefix + key;
  }

  async put(key: string, data: Buffer, contentType: string) {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentLength: data.length,
        ContentType: contentType || contentTypeOf(key),
        CacheControl: uploadCacheControl(key),
      }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      const data = Buffer.from(await res.Body!.transformToByteArray());
      return {
        data,
        contentType: res.ContentType || contentTypeOf(key),
        modifiedAt: res.LastModified ?? new Date(0),
      };
    } catch (err) {
      if (missingCode(err)) return null;
      throw err;
    }
  }

  async has(key: string) {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (err) {
      if (missingCode(err)) return false;
      throw err;
    }
  }

  async remove(key: string) {
    // S3 answers a delete of a missing key with success too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  url(key: string) {
    return `/uploads/${key}`;
  }

  keyOf(url: string) {
    return keyOfUrl(url, '/uploads/');
  }

  publicUrl(key: string) {
    return this.cdn ? `${this.cdn}/${this.prefix}${key.split('/').map(encodeURIComponent).join('/')}` : null;
  }

  async *list(prefix: string): AsyncIterable<{ key: string; modifiedAt: Date }> {
    let token: string | undefined;
    do {
      const res = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.prefix + prefix,
          ContinuationToken: token,
        }),
      );
      for (const o of res.Contents ?? []) {
        const key = o.Key?.slice(this.prefix.length);
        if (key && uploadKey(key)) yield { key, modifiedAt: o.LastModified ?? new Date(0) };
      }
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
  }
}
