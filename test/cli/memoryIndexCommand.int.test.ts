import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

function memoryWith(files: Record<string, string>): string {
  const dir = join(tempDir(), 'memory');
  mkdirSync(dir, { recursive: true });
  let age = 0;
  for (const [name, description] of Object.entries(files)) {
    const path = join(dir, name);
    writeFileSync(path, `---\nname: ${name.replace(/\.md$/, '')}\ndescription: ${description}\nmetadata:\n  type: project\n---\n\nBody.\n`);
    const at = Date.now() / 1000 - 60 * ++age;
    utimesSync(path, at, at);
  }
  return dir;
}

describe('memlog memory index', () => {
  it('writes the missing index newest first and says what it left out; run again, it leaves the index alone', () => {
    const dir = memoryWith({ 'newest.md': 'Newest fact', 'older.md': 'Older fact', 'odd[1].md': 'Bracketed' });
    const first = runCli(['memory', 'index', '--dir', dir]);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toBe(
      `${join(dir, 'MEMORY.md')}: written with 2 lines, newest first\n  not listed: "odd[1].md" (its name holds a bracket, which would break the link)\n`,
    );
    expect(readFileSync(join(dir, 'MEMORY.md'), 'utf8')).toBe('- [newest](newest.md) — Newest fact\n- [older](older.md) — Older fact\n');
    writeFileSync(join(dir, 'MEMORY.md'), 'edited by hand\n');
    const second = runCli(['memory', 'index', '--dir', dir]);
    expect(second.stdout).toBe(`${join(dir, 'MEMORY.md')} is already there: left as it is\n`);
    expect(readFileSync(join(dir, 'MEMORY.md'), 'utf8')).toBe('edited by hand\n');
  });

  it('a missing folder is a clear error; an empty one gets no index', () => {
    const missing = runCli(['memory', 'index', '--dir', join(tempDir(), 'nope')]);
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toMatch(/no such memory folder/);
    const empty = join(tempDir(), 'memory');
    mkdirSync(empty);
    const none = runCli(['memory', 'index', '--dir', empty, '--json']);
    expect(none.status, none.stderr).toBe(0);
    expect(JSON.parse(none.stdout)).toMatchObject({ status: 'no_memories' });
  });

  it('--help says what it does', () => {
    const help = runCli(['memory', 'index', '--help']);
    expect(help.stdout).toMatch(/no MEMORY\.md its index/);
    expect(help.stdout).toMatch(/--dir <dir>/);
  });
});

describe('memlog memory list: lints and caps', () => {
  it('flags a continuation chain, a missing description, a file near its cap and the lines of an index Claude Code cuts', () => {
    const dir = memoryWith({ 'deploy.md': 'How we deploy', 'deploy-2.md': 'More on deploying' });
    writeFileSync(join(dir, 'bare.md'), '---\nname: bare\nmetadata:\n  type: user\n---\n\nNo description.\n');
    writeFileSync(join(dir, 'big.md'), `---\nname: big\ndescription: Big\nmetadata:\n  type: user\n---\n\n${'z'.repeat(3400)}\n`);
    writeFileSync(join(dir, 'MEMORY.md'), Array.from({ length: 203 }, (_, i) => `- [m${i}](m${i}.md) — fact ${i}`).join('\n'));
    const list = runCli(['memory', 'list', '--dir', dir]);
    expect(list.status, list.stderr).toBe(0);
    const lints = list.stdout.slice(list.stdout.indexOf('lints:'));
    expect(lints).toContain(
      'MEMORY.md: over its caps (200 lines, 25,000 characters): Claude Code cuts it from line 201, "- [m200](m200.md) — fact 200", 3 lines not loaded',
    );
    expect(lints).toContain('deploy-2.md: continues deploy.md');
    expect(lints).toContain('bare.md: no description');
    expect(lints).toMatch(/big\.md: 34\d\d bytes, 8\d % of the cap of 4096/);
    const json = JSON.parse(runCli(['memory', 'list', '--dir', dir, '--json']).stdout) as { lints: Array<{ kind: string }> };
    expect(json.lints.map((l) => l.kind).sort()).toEqual(['continuation_chain', 'index_cut', 'missing_description', 'near_cap']);
  });
});
