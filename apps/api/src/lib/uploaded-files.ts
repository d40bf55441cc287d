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

/**
 * Whether an uploaded SVG is a drawing only (icons, content pictures): an `<svg>` element, and nothing that could
 * run in a page showing it: no script, event attribute, code link (javascript:, vbscript:, data:text/html),
 * embedded document or entity declaration. The store serves these files from its own origin, so one that runs
 * would run as the store.
 */
export function isDrawingOnlySvg(file: Buffer): boolean {
  const src = file.toString('utf8');
  return (
    /<svg[\s>]/i.test(src) &&
    !/<script|<foreignObject|<!ENTITY|<iframe|<embed|<object/i.test(src) &&
    !/\son[a-z]+\s*=/i.test(src) &&
    !/(java|vb)script\s*:|data\s*:\s*text\/html/i.test(src)
  );
}
