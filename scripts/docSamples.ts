import { writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scriptArgs } from '../bench/scriptArgs.js';
import { checkPages, DOC_PAGES } from './docSamples/checkPages.js';

/**
 * `npx tsx scripts/docSamples.ts [--write] [page.md…]`: runs every `console` sample of the docs
 * (README.md and docs/*.md) on a fresh copy of the fixtures and reports each sample whose shown
 * output differs from what the command prints now; `--write` puts the real output in instead.
 * test/docs/docSamples.int.test.ts runs the check, so a page that drifts fails the tests.
 */
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values, positionals } = scriptArgs('scripts/docSamples.ts', {
  options: { write: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const pages = positionals.length > 0 ? positionals : DOC_PAGES.map((page) => join(repoRoot, page));
const cli = ['--import', import.meta.resolve('tsx'), join(repoRoot, 'test', 'support', 'cliEntry.ts')];

let drifted = 0;
for (const result of checkPages(repoRoot, pages, cli)) {
  const name = relative(repoRoot, result.page);
  for (const drift of result.drifts) {
    drifted++;
    process.stdout.write(`${name}: $ ${drift.line}\n--- shown\n${drift.shown}+++ printed\n${drift.printed}\n`);
  }
  if (values.write && result.drifts.length > 0) writeFileSync(result.page, result.rewritten);
  if (result.drifts.length === 0) process.stdout.write(`${name}: ${result.commands} sample(s) as printed\n`);
}
if (drifted > 0 && !values.write) process.exitCode = 1;
