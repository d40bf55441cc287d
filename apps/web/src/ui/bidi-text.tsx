import { Fragment } from 'react';

/**
 * A run of Latin text inside Arabic: a Latin word (digits may lead, as in "16GB" or "8-core"), and the Latin words,
 * numbers and joiners (`-./+_` and spaces) that follow it: "Apple M2 8-core", "GR-EF40P-R-S", "RTX 4090 16GB".
 */
const LATIN_RUN = /(?:[0-9]+[-./+_]?)*[A-Za-z][A-Za-z0-9]*(?:[-./+_ ]+[A-Za-z0-9]+)*/g;
const ARABIC = /[\u0600-\u06FF]/;

/**
 * "ltr" for a text with Latin letters and no Arabic ("Apple MacBook Air 13 M2" as an Arabic title): its element reads
 * left to right on an Arabic page too, so a cut with "…" hides its end, not its first letters (an Arabic line ends,
 * and is cut, at its left edge, where a Latin title starts). Undefined otherwise: the page's direction.
 */
export const latinDir = (text: string): 'ltr' | undefined =>
  !ARABIC.test(text) && /[A-Za-z]/.test(text) ? 'ltr' : undefined;

/** The text cut into Latin runs and the rest; one piece when the text has no Arabic. */
export function bidiParts(text: string): { text: string; latin: boolean }[] {
  if (!ARABIC.test(text)) return [{ text, latin: false }];
  const parts: { text: string; latin: boolean }[] = [];
  let last = 0;
  for (const m of text.matchAll(LATIN_RUN)) {
    const at = m.index ?? 0;
    if (at > last) parts.push({ text: text.slice(last, at), latin: false });
    parts.push({ text: m[0], latin: true });
    last = at + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), latin: false });
  return parts;
}

/**
 * Text that mixes Arabic and Latin (titles, model codes, specifications): each Latin run is isolated left to right
 * (`<bdi dir="ltr">`), so "Apple M2 8-core" inside an Arabic title never reads "-8 Apple M2 core", whatever the
 * line breaks, and its words are cut whole by an ellipsis, never "…ntel Core" for "Intel Core". Text without Arabic
 * is left as it is.
 */
export function BidiText({ text }: { text: string }) {
  return (
    <>
      {bidiParts(text).map((p, i) =>
        p.latin ? (
          <bdi key={i} dir="ltr">
            {/* A code breaks at spaces only, never at its own dashes ("GR-EF40P-R-S" stays whole). Each word is an
                inline block, so a title cut with "…" (line-clamp, truncate) hides whole words: the ellipsis hides what
                is at the line's end edge, the left in Arabic, where a Latin run shows its start ("…olby Atmos"). */}
            {p.text.split(/( +)/).map((word, j) =>
              j % 2 ? (
                word
              ) : (
                <span key={j} className="inline-block whitespace-nowrap">
                  {word}
                </span>
              ),
            )}
          </bdi>
        ) : (
          <Fragment key={i}>{p.text}</Fragment>
        ),
      )}
    </>
  );
}
