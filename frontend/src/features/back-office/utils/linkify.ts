export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; url: string };

// http(s) URLs up to a space or a character that cannot end one in running text.
const URL_PATTERN = /https?:\/\/[^\s<>"'«»]+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

/** Splits plain text into text and http(s) links, so links can be shown as links. */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, '');
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
