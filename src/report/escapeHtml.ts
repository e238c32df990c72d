const REPLACEMENTS: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe for an HTML text node or a quoted attribute value. Every string that comes
 * from a transcript or an effect log goes through here; the page's script reads them back with
 * `textContent`, never as markup.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => REPLACEMENTS[c] ?? c);
}

/** A string cut to `max` characters (by code point, so no half surrogate pair is left), with an ellipsis. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  // A code point is one or two code units: past 2 × max units the text is too long whatever it holds,
  // and its first max - 1 code points lie in the first 2 × max units (a tool result can be megabytes).
  const long = text.length > 2 * max;
  const chars = Array.from(long ? text.slice(0, 2 * max) : text);
  return !long && chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}
