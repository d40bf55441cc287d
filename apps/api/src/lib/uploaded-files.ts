import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';

/** One file of a multipart request, with the name the user's computer gave it. */
export interface UploadedFile {
  field: string;
  filename: string;
  /** The type the browser claimed: never trusted, the content decides. */
  mimetype: string;
  data: Buffer;
}

const files = new WeakMap<FastifyRequest, UploadedFile[]>();

/**
 * The multipart plugin's `onFile` (app.ts): reads each file into memory, as the plugin does by default in the
 * 'keyValues' mode, and keeps its name and type beside the bytes, which that mode's body (`{ file: Buffer[] }`)
 * drops. Route limits (`config.multipartOptions.limits`) still apply: a file past them throws while it is read.
 */
export async function keepUploadedFile(this: FastifyRequest, part: MultipartFile) {
  const data = await part.toBuffer();
  let list = files.get(this);
  if (!list) files.set(this, (list = []));
  list.push({ field: part.fieldname, filename: part.filename, mimetype: part.mimetype, data });
}

/** The files of a multipart request sent under `field`, in the order they came. */
export const uploadedFiles = (req: FastifyRequest, field: string): UploadedFile[] =>
  (files.get(req) ?? []).filter((f) => f.field === field);
