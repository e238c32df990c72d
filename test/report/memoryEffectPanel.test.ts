import { copyFileSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeReport } from '../../src/report/writeReport.js';
import { demoProjects } from '../support/paths.js';
import { tempDir } from '../support/tempDir.js';

const acme = join(demoProjects, '-home-dev-acme-shop');

/** The index page of a report over `root`, written into a fresh folder. */
async function indexOf(root: string, out?: string): Promise<string> {
  const html = join(tempDir(), 'index.html');
  await writeReport({ root, html, ...(out === undefined ? {} : { out }) });
  return readFileSync(html, 'utf8');
}

describe("the report index's memory effect panel (decision 80)", () => {
  it("shows, for a project with a memory directory beside its transcripts, each memory's later sessions and the totals", async () => {
    const page = await indexOf(demoProjects);
    const panels = [...page.matchAll(/<section class="effect">[\s\S]*?<\/section>/g)].map((m) => m[0]);
    expect(panels).toHaveLength(1);
    const panel = panels[0] ?? '';
    expect(panel).toContain('-home-dev-acme-shop');
    expect(panel).toMatch(/<td>prefer-pnpm\.md<\/td><td>2026-03-02<\/td><td>2<\/td><td>0<\/td><td>0<\/td><td>2<\/td><td>0<\/td>/);
    expect(panel).toContain('0 of 1 subject(s) with a memory (0%)');
    expect(panel).not.toContain('-home-dev-notes-cli');
  });

  it("with --out, shows the memory directory there, its sessions being the project's transcripts", async () => {
    const out = tempDir();
    const memory = join(out, '-home-dev-acme-shop', 'memory');
    mkdirSync(memory, { recursive: true });
    copyFileSync(join(acme, 'memory', 'prefer-pnpm.md'), join(memory, 'use-pnpm.md'));
    const written = new Date('2026-03-02T09:14:55Z');
    utimesSync(join(memory, 'use-pnpm.md'), written, written);
    const page = await indexOf(demoProjects, out);
    expect(page).toMatch(/<td>use-pnpm\.md<\/td><td>2026-03-02<\/td><td>2<\/td>/);
    expect(page).not.toContain('<td>prefer-pnpm.md</td>');
  });

  it('has no panel when no project has a memory directory', async () => {
    const root = tempDir();
    mkdirSync(join(root, 'p'));
    copyFileSync(join(acme, 'a1eaaff9-3a09-471e-b457-360fb17ea04f.jsonl'), join(root, 'p', 'a1eaaff9-3a09-471e-b457-360fb17ea04f.jsonl'));
    expect(await indexOf(root)).not.toContain('class="effect"');
  });

  it("escapes a memory's name", async () => {
    const root = tempDir();
    const project = join(root, 'p');
    mkdirSync(join(project, 'memory'), { recursive: true });
    copyFileSync(join(acme, 'a1eaaff9-3a09-471e-b457-360fb17ea04f.jsonl'), join(project, 'a1eaaff9-3a09-471e-b457-360fb17ea04f.jsonl'));
    writeFileSync(join(project, 'memory', '<b>&x.md'), '---\nname: x\ndescription: pnpm <script>\n---\n\nbody\n');
    const page = await indexOf(root);
    expect(page).toContain('<td>&lt;b&gt;&amp;x.md</td>');
    expect(page).not.toContain('<b>&x');
  });
});
