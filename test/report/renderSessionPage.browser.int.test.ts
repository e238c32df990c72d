import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLogEntries } from '../../src/transcript/readLogEntries.js';
import { renderSessionPage } from '../../src/report/renderSessionPage.js';
import { buildSessionView, type SessionInputs } from '../../src/report/sessionView.js';
import { demoProjects, hasShared, sharedFixtures } from '../support/paths.js';
import { tempDir } from '../support/tempDir.js';
import { longSession } from './longSession.js';

/*
 * The session page in a real browser: Debian's Chromium driven by playwright-core (which never
 * downloads a browser). CI installs Chromium (.ci/run), so there a missing browser is a failure;
 * elsewhere the tests are skipped and say why. MEMLOG_PAGE_ARTIFACTS=<dir> keeps the screenshots
 * and the measurements after the temp folder is gone.
 */
const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const haveChromium = existsSync(CHROMIUM);
const inCi = process.env['CI'] !== undefined && process.env['CI'] !== '' && process.env['CI'] !== 'false';
const artifacts = process.env['MEMLOG_PAGE_ARTIFACTS'];

if (!haveChromium && !inCi)
  process.stderr.write(`memlog: browser tests skipped: no ${CHROMIUM} (apt-get install chromium); CI installs it and runs them\n`);

const compacted = join(demoProjects, '-home-dev-acme-shop', '4a2030a7-b5cb-49a2-b41c-016deb5688ff.jsonl');
const longestShared = join(sharedFixtures, 'real', 'alignment-hive', '6f2580aa-3095-45b7-8d4e-dd8cac7eeffe.jsonl');

function fromFile(path: string, name: string): SessionInputs {
  const { entries, diagnostics } = readLogEntries(path);
  return { name, entries, diagnostics: diagnostics.length };
}

/** Writes the page, opens it, and records every request the page made. */
async function open(
  browser: Browser,
  inputs: SessionInputs,
  file: string,
): Promise<{ page: Page; requests: string[]; url: string; html: string; renderMs: number; loadMs: number }> {
  const dir = tempDir('memlog-page-');
  const path = join(dir, file);
  const rendering = performance.now();
  const html = renderSessionPage(buildSessionView(inputs));
  const renderMs = performance.now() - rendering;
  writeFileSync(path, html);
  const page = await browser.newPage({ viewport: { width: 1500, height: 900 } });
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const url = pathToFileURL(path).href;
  const started = performance.now();
  await page.goto(url, { waitUntil: 'load' });
  return { page, requests, url, html, renderMs, loadMs: performance.now() - started };
}

async function keep(page: Page, name: string): Promise<string> {
  const path = join(tempDir('memlog-shot-'), name);
  await page.screenshot({ path, fullPage: true });
  if (artifacts !== undefined) {
    mkdirSync(artifacts, { recursive: true });
    copyFileSync(path, join(artifacts, name));
  }
  return path;
}

describe.skipIf(!haveChromium && !inCi)('session page in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    if (!haveChromium)
      throw new Error(`CI needs Chromium at ${CHROMIUM} for the browser tests: .ci/run installs it with apt-get install chromium`);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('draws the chart, the markers and the details of the compacted fixture session, loading nothing else', async () => {
    const { page, requests, url } = await open(browser, fromFile(compacted, 'acme-shop / 4a2030a7'), 'acme.html');
    expect(await page.locator('#timeline #tokens').count()).toBe(1);
    expect(await page.locator('#timeline line.threshold').count()).toBe(1);
    expect(await page.locator('#timeline line.warning').count()).toBe(1);
    expect(await page.locator('#timeline .lane-notes .m').count()).toBe(11);
    expect(await page.locator('#timeline .k-compacted').count()).toBe(1);
    expect(await page.locator('#timeline .turn').count()).toBe(6);

    await page.hover('#timeline .k-compaction_due');
    const details = page.locator('#details-body');
    await expect.poll(() => details.textContent()).toContain('compaction due: 167,147 tokens ≥ autocompact threshold 167,000');
    expect(await details.textContent()).toContain('bd4042cb-c0e5-41d3-9165-46b00288539e');

    await page.click('#timeline .k-compacted');
    expect(await details.textContent()).toMatch(/Tokens before167,538/);
    expect(await details.textContent()).toMatch(/Tokens after[\d,]+/);
    expect(await page.locator('#details.pinned').count()).toBe(1);
    // Pinned: hovering elsewhere does not replace the details.
    await page.hover('#timeline .turn >> nth=0');
    expect(await details.textContent()).toContain('Tokens before');

    // Keyboard: a focused marker shows its details.
    await page.focus('#timeline .k-session_notes_due >> nth=0');
    expect(await details.textContent()).toContain('session notes due');

    await page.mouse.move(600, 300);
    expect(await page.locator('#readout').textContent()).toMatch(/^entry \d+: [\d,]+ context tokens$/);
    await keep(page, 'acme-compacted.png');
    expect(requests).toEqual([url]);
    await page.close();
  });

  it('a 5,000-entry session: small page, quick load, bounded DOM', async () => {
    const entries = longSession(5_000).map((entry, seq) => ({ seq, entry }));
    const { page, requests, url, html, renderMs, loadMs } = await open(browser, { name: 'generated 5,000 entries', entries }, 'long.html');
    const nodes = Number(await page.evaluate('document.getElementsByTagName("*").length'));
    const markers = await page.locator('#timeline .m').count();
    // Markers of one kind can touch in a dense lane; the last one is drawn on top.
    await page.hover('#timeline .k-compaction_due >> nth=-1');
    expect(await page.locator('#details-body').textContent()).toContain('compaction due');
    await keep(page, 'generated-5000.png');
    const metrics = {
      entries: entries.length,
      bytes: Buffer.byteLength(html),
      loadMs: Math.round(loadMs),
      buildAndRenderMs: Math.round(renderMs),
      nodes,
      markers,
    };
    writeFileSync(join(tempDir('memlog-metrics-'), 'metrics.json'), JSON.stringify(metrics));
    if (artifacts !== undefined) writeFileSync(join(artifacts, 'generated-5000.json'), `${JSON.stringify(metrics, null, 2)}\n`);
    expect(metrics.bytes).toBeLessThan(1_500_000);
    expect(nodes).toBeLessThan(12_000);
    expect(requests).toEqual([url]);
    await page.close();
  });

  it.runIf(hasShared)('the longest shared fixture session renders with its turns and markers', async () => {
    const { page, requests, url } = await open(browser, fromFile(longestShared, 'alignment-hive / 6f2580aa'), 'longest.html');
    expect(await page.locator('#timeline #tokens').count()).toBe(1);
    expect(await page.locator('#timeline .turn').count()).toBeGreaterThan(0);
    expect(await page.locator('#timeline .m').count()).toBeGreaterThan(10);
    await keep(page, 'longest-shared.png');
    expect(requests).toEqual([url]);
    await page.close();
  });
});
