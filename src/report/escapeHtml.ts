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
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}
