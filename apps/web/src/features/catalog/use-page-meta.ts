import { useEffect } from 'react';
import { serverHead } from '../../lib/ssr';

/**
 * Sets a <meta> tag's content while the page is shown, putting back what was there before. Every tag with that
 * name is set: the server's HTML for a product page may carry its own next to the app's default.
 */
function setMeta(attr: 'name' | 'property', key: string, content: string): () => void {
  const found = [...document.head.querySelectorAll<HTMLMetaElement>(`meta[${attr}="${key}"]`)];
  if (!found.length) {
    const el = document.createElement('meta');
    el.setAttribute(attr, key);
    el.content = content;
    document.head.appendChild(el);
    return () => el.remove();
  }
  const before = found.map((el) => el.content);
  found.forEach((el) => (el.content = content));
  return () => found.forEach((el, i) => (el.content = before[i]!));
}

/** The page's description and share metadata (Open Graph), for the time the page is open. */
export function usePageMeta(meta: { title?: string; description?: string; image?: string } | undefined) {
  const { title, description, image } = meta ?? {};
  // On the server the description goes into the rendered page's head (entry-server.tsx).
  if (serverHead.current && title && description !== undefined) serverHead.current.description = description;
  useEffect(() => {
    if (!title) return;
    const undo = [
      description !== undefined && setMeta('name', 'description', description),
      setMeta('property', 'og:title', title),
      description !== undefined && setMeta('property', 'og:description', description),
      image && setMeta('property', 'og:image', new URL(image, location.origin).href),
    ];
    return () => undo.forEach((u) => u && u());
  }, [title, description, image]);
}
