import type { AdminProductImage } from '@store/contracts/admin-catalog';
import {
  IMAGE_ACCEPT,
  IMAGE_MAX_BYTES,
  IMAGE_MIN_SIDE,
  megabytes,
  MODEL_MAX_BYTES,
} from '@store/contracts/admin-images';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { ErrorBox } from '../components/messages';
import { ApiError } from '../../lib/api-client';
import { errorMessages } from '../../lib/form-errors';
import { deleteImage, orderImages, uploadImages } from './api';
import { isModel, uploadBatches } from './upload-batches';

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'];

/** Moves the item at `from` to `to` (a new array). */
export const moved = <T,>(list: T[], from: number, to: number) => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

/**
 * A saved product's images: drop files (or pick several) to add them, drag a thumbnail (or use its buttons) to
 * reorder, make one the main image (the first), delete one after a confirmation. A .glb is the 3D model. Every call
 * answers with all of the product's images, which the list then shows. Many files go a few at a time, one request
 * after another (upload-batches.ts), with the progress shown; a refused request does not stop the others.
 */
export function ImagesEditor({
  productId,
  images,
  onChanged,
}: {
  productId: number;
  images: AdminProductImage[];
  /** After any change the server kept (the product may have moved on). */
  onChanged(images: AdminProductImage[]): void;
}) {
  const { t, i18n } = useTranslation('admin');
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [list, setList] = useState(images);
  const [busy, setBusy] = useState<null | 'upload' | 'order' | 'delete'>(null);
  const [failure, setFailure] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [over, setOver] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<AdminProductImage | null>(null);
  useEffect(() => setList(images), [images]);

  const done = (next: AdminProductImage[], message: string) => {
    setList(next);
    setNotice(message);
    onChanged(next);
  };

  /** Why a file cannot be sent, checked as the API checks it (type, size), or null. */
  const problemOf = (f: File) => {
    if (isModel(f))
      return f.size > MODEL_MAX_BYTES
        ? t('products.images.tooBig', { name: f.name, mb: megabytes(MODEL_MAX_BYTES) })
        : null;
    if (!PHOTO_TYPES.includes(f.type)) return t('products.images.badType', { name: f.name });
    if (f.size > IMAGE_MAX_BYTES)
      return t('products.images.tooBig', { name: f.name, mb: megabytes(IMAGE_MAX_BYTES) });
    return null;
  };

  /** A refused request's messages: the API names each bad file; any other failure names the files not sent. */
  const refusalOf = (err: unknown, batch: File[]) => {
    if (err instanceof ApiError && err.status === 422 && err.messages.length) return err.messages;
    const names = new Intl.ListFormat(i18n.language).format(batch.map((f) => f.name));
    return [t('products.images.batchFailed', { names, reason: errorMessages(err).join(' ') })];
  };

  /**
   * The files the checks let through go a few at a time, one request after another; a refused request's messages
   * are shown and the next request goes on. Files that fail the checks are named and not sent.
   */
  const upload = async (picked: File[]) => {
    if (busy !== null || !picked.length) return;
    setNotice(null);
    const refused: string[] = [];
    const files = picked.filter((f) => {
      const problem = problemOf(f);
      if (problem) refused.push(problem);
      return !problem;
    });
    setFailure(refused);
    if (!files.length) {
      if (input.current) input.current.value = '';
      return;
    }
    setBusy('upload');
    setProgress({ done: 0, total: files.length });
    let sent = 0;
    let kept = 0;
    let latest: AdminProductImage[] | null = null;
    try {
      for (const batch of uploadBatches(files)) {
        try {
          latest = (await uploadImages(productId, batch)).images;
          kept += batch.length;
          setList(latest);
        } catch (err) {
          // The session ended, the role or the product is gone: every next request would fail alike.
          const stop = err instanceof ApiError && [401, 403, 404].includes(err.status);
          refused.push(...refusalOf(err, stop ? files.slice(sent) : batch));
          setFailure([...refused]);
          if (stop) break;
        }
        sent += batch.length;
        setProgress({ done: sent, total: files.length });
      }
      if (latest)
        done(
          latest,
          t('products.images.uploadedOf', { done: kept, total: picked.length, count: picked.length }),
        );
    } finally {
      setBusy(null);
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const reorder = async (next: AdminProductImage[]) => {
    const before = list;
    setFailure([]);
    setNotice(null);
    setList(next);
    setBusy('order');
    try {
      const { images: saved } = await orderImages(
        productId,
        next.map((i) => i.id),
      );
      done(saved, t('products.images.ordered'));
    } catch (err) {
      setList(before);
      setFailure(errorMessages(err));
    } finally {
      setBusy(null);
    }
  };

  const remove = async (image: AdminProductImage) => {
    setFailure([]);
    setNotice(null);
    setBusy('delete');
    try {
      const { images: next } = await deleteImage(productId, image.id);
      setToDelete(null);
      done(next, t('products.images.deleted'));
    } catch (err) {
      setFailure(errorMessages(err));
      setToDelete(null);
    } finally {
      setBusy(null);
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (e.dataTransfer.files.length) void upload([...e.dataTransfer.files]);
  };

  return (
    <div className="flex flex-col gap-3" data-testid="images-editor">
      <div
        onDragOver={(e) => {
          if (dragged !== null) return;
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => dragged === null && onDrop(e)}
        className={`flex flex-col items-center gap-2 rounded-xl border-2 border-dashed p-5 text-center ${
          over ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-slate-50'
        }`}
        data-testid="images-drop"
      >
        <p className="text-sm text-slate-800">{t('products.images.drop')}</p>
        <p className="text-xs text-slate-600">
          {t('products.images.rules', {
            side: IMAGE_MIN_SIDE,
            mb: megabytes(IMAGE_MAX_BYTES),
            modelMb: megabytes(MODEL_MAX_BYTES),
          })}
        </p>
        <label
          htmlFor={inputId}
          className="inline-flex h-9 cursor-pointer items-center rounded-lg border border-brand-700 bg-white px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-700"
        >
          {busy === 'upload' ? t('products.images.uploading') : t('products.images.pick')}
          <input
            ref={input}
            id={inputId}
            type="file"
            multiple
            accept={IMAGE_ACCEPT}
            className="sr-only"
            disabled={busy !== null}
            onChange={(e) => void upload([...(e.target.files ?? [])])}
            data-testid="images-input"
          />
        </label>
        {progress && (
          <div className="flex w-full max-w-xs flex-col items-center gap-1" data-testid="images-progress">
            <progress
              value={progress.done}
              max={progress.total}
              className="h-2 w-full accent-brand-700"
              aria-label={t('products.images.progress', { ...progress, count: progress.total })}
            />
            <p className="text-xs text-slate-700" aria-live="polite">
              {t('products.images.progress', { ...progress, count: progress.total })}
            </p>
          </div>
        )}
      </div>

      <div aria-live="polite">
        <ErrorBox messages={failure} />
        {notice && (
          <p role="status" className="text-sm text-emerald-800" data-testid="images-notice">
            {notice}
          </p>
        )}
      </div>

      {list.length === 0 ? (
        <p className="text-sm text-slate-600">{t('products.images.none')}</p>
      ) : (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="images-list">
          {list.map((img, i) => (
            <li
              key={img.id}
              draggable={busy === null}
              onDragStart={(e) => {
                setDragged(i);
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragEnd={() => setDragged(null)}
              onDragOver={(e) => dragged !== null && e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                if (dragged !== null && dragged !== i) void reorder(moved(list, dragged, i));
                setDragged(null);
              }}
              className={`flex flex-col gap-2 rounded-xl border bg-white p-2 ${
                dragged === i ? 'opacity-50' : ''
              } ${i === 0 ? 'border-brand-600' : 'border-slate-200'}`}
              data-testid="image-item"
              data-image-id={img.id}
            >
              <div className="relative aspect-square cursor-grab overflow-hidden rounded-lg bg-slate-50">
                {img.is_3d ? (
                  <span className="flex size-full items-center justify-center text-3xl font-black text-slate-500">
                    3D
                  </span>
                ) : (
                  <img
                    src={img.thumbnail_url}
                    alt={t('products.images.alt', { n: i + 1 })}
                    className="size-full object-contain"
                    draggable={false}
                  />
                )}
                <span className="absolute start-1 top-1 flex gap-1">
                  {i === 0 && (
                    <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white">
                      {t('products.images.main')}
                    </span>
                  )}
                  {img.is_3d && (
                    <span className="rounded-full bg-slate-900 px-2 py-0.5 text-xs font-bold text-white">
                      {t('products.images.model')}
                    </span>
                  )}
                </span>
              </div>
              <div className="flex flex-wrap gap-1">
                <Button
                  size="sm"
                  variant="ghost"
                  className="px-2"
                  disabled={busy !== null || i === 0}
                  onClick={() => void reorder(moved(list, i, i - 1))}
                  aria-label={t('products.images.earlierOf', { n: i + 1 })}
                >
                  {t('products.images.earlier')}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className="px-2"
                  disabled={busy !== null || i === list.length - 1}
                  onClick={() => void reorder(moved(list, i, i + 1))}
                  aria-label={t('products.images.laterOf', { n: i + 1 })}
                >
                  {t('products.images.later')}
                </Button>
                {i > 0 && (
                  <Button
                    size="sm"
                    variant="ghost"
                    className="px-2"
                    disabled={busy !== null}
                    onClick={() => void reorder(moved(list, i, 0))}
                    data-testid="image-main"
                  >
                    {t('products.images.makeMain')}
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="ghost"
                  className="px-2 text-red-800"
                  disabled={busy !== null}
                  onClick={() => setToDelete(img)}
                  aria-label={t('products.images.deleteOf', { n: i + 1 })}
                  data-testid="image-delete"
                >
                  {t('products.images.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}

      <Dialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && busy === null && setToDelete(null)}
        title={t('products.images.deleteTitle')}
      >
        <p className="mb-4 text-slate-800">{t('products.images.deleteConfirm')}</p>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setToDelete(null)} disabled={busy !== null}>
            {t('products.cancel')}
          </Button>
          <Button
            onClick={() => toDelete && void remove(toDelete)}
            disabled={busy !== null}
            className="bg-red-700 hover:bg-red-800"
            data-testid="image-delete-confirm"
          >
            {t('products.images.delete')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
