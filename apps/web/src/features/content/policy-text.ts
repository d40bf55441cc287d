/**
 * A static page's text as the back office saves it (page settings `terms_body`, `privacy_body`, `returns_body` and
 * their `_ar` twins): a blank line starts a new paragraph, a line starting with "## " is a heading, other line breaks
 * stay line breaks inside their paragraph. The blocks are rendered as text by React, never as HTML.
 */
export type PolicyBlock = { kind: 'heading'; text: string } | { kind: 'paragraph'; text: string };

export function policyBlocks(source: string): PolicyBlock[] {
  const blocks: PolicyBlock[] = [];
  let lines: string[] = [];
  const flush = () => {
    const text = lines.join('\n').trim();
    if (text) blocks.push({ kind: 'paragraph', text });
    lines = [];
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    if (!line.trim()) flush();
    else if (/^\s*## /.test(line)) {
      flush();
      const text = line.trim().slice(3).trim();
      if (text) blocks.push({ kind: 'heading', text });
    } else lines.push(line.trim());
  }
  flush();
  return blocks;
}
