/** Where the home page's banners and video lead (pure functions, tested beside). */

const ABSOLUTE = /^[a-z][a-z\d+.-]*:\/\//i;

/** Where a banner goes: an absolute address as it is (the browser opens it), anything else inside the app. */
export function bannerTarget(link: string | undefined): { kind: 'external' | 'internal'; href: string } {
  const value = (link ?? '').trim();
  if (!value) return { kind: 'internal', href: '/products' };
  if (ABSOLUTE.test(value)) return { kind: 'external', href: value };
  return { kind: 'internal', href: value.startsWith('/') ? value : `/${value}` };
}

/** A YouTube or Vimeo address as its embeddable player (autoplaying, since the shopper just pressed play). */
export function embedUrl(link: string): { kind: 'iframe' | 'video'; src: string } {
  try {
    const u = new URL(link);
    const host = u.hostname.replace(/^www\.|^m\./, '');
    let id: string | null = null;
    if (host === 'youtu.be') id = u.pathname.slice(1).split('/')[0] ?? null;
    else if (host === 'youtube.com' || host === 'youtube-nocookie.com')
      id = u.searchParams.get('v') ?? /^\/(?:embed|shorts|live)\/([\w-]+)/.exec(u.pathname)?.[1] ?? null;
    if (id) return { kind: 'iframe', src: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0` };
    if (host === 'vimeo.com' && /^\/\d+/.test(u.pathname))
      return { kind: 'iframe', src: `https://player.vimeo.com/video${u.pathname}?autoplay=1` };
    if (/\.(mp4|webm|ogg)$/i.test(u.pathname)) return { kind: 'video', src: link };
  } catch {
    // not an absolute address: shown as it is
  }
  return { kind: 'iframe', src: link };
}
