import { escapeHtml } from './escapeHtml.js';
import { PAGE_STYLE } from './pageStyle.js';

/**
 * A whole self-contained page. The content security policy forbids every fetch, so a page
 * opened from disk loads nothing, whatever a transcript string might try; only the page's own
 * inline style and script run.
 */
export function pageShell(title: string, body: string, script = ''): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="generator" content="memlog">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${PAGE_STYLE}</style>`,
    '</head>',
    '<body>',
    body,
    script === '' ? '' : `<script>${script}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
