import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

interface Report {
  file: string;
  sessionId: string | null;
  entries: number;
  byKind: Record<string, number>;
  diagnostics: Array<{ code: string; line: number; offset: number }>;
  leaf: string | null;
  chain: string[];
  sidechains: Array<{ agentId: string | null; file: string | null; entries: number }>;
}

const parseLines = (stdout: string): Report[] =>
  stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Report);

describe('memlog inspect', () => {
  it('--json prints one object per transcript with the documented fields', () => {
    const result = runCli(['inspect', 'fixtures/projects', '--json']);
    expect(result.status).toBe(0);
    const reports = parseLines(result.stdout);
    expect(reports).toHaveLength(5);
    for (const report of reports) {
      expect(Object.keys(report)).toEqual(
        expect.arrayContaining(['file', 'sessionId', 'entries', 'byKind', 'diagnostics', 'leaf', 'chain', 'sidechains']),
      );
      expect(report.diagnostics).toEqual([]);
      expect(report.chain.at(-1)).toBe(report.leaf);
    }
    const compacted = reports.find((r) => r.file.endsWith('4a2030a7-b5cb-49a2-b41c-016deb5688ff.jsonl'));
    expect(compacted?.chain[0]).toBe('4a883132-e7ec-4fdc-bb18-baef904959a2');
    const withAgent = reports.find((r) => r.file.endsWith('7f26641c-f5f5-4490-80f6-02093c4c460a.jsonl'));
    expect(withAgent?.sidechains).toEqual([expect.objectContaining({ agentId: 'a2e6a9c6df1616842', entries: 10 })]);
    expect(compacted?.file).toBe('fixtures/projects/-home-dev-acme-shop/4a2030a7-b5cb-49a2-b41c-016deb5688ff.jsonl');
  });

  it('reports diagnostics with line numbers and offsets, and --strict turns them into exit status 1', () => {
    const dir = tempDir();
    const file = join(dir, 'broken.jsonl');
    writeFileSync(file, '{"type":"user","uuid":"u1","message":{"role":"user","content":"hi"}}\n{broken\n');
    const json = runCli(['inspect', file, '--json']);
    expect(json.status).toBe(0);
    expect(parseLines(json.stdout)[0]?.diagnostics).toEqual([expect.objectContaining({ code: 'malformed_json', line: 2, offset: 69 })]);
    const text = runCli(['inspect', file, '--strict']);
    expect(text.status).toBe(1);
    expect(text.stdout).toMatch(/line 2 \(byte 69\): malformed_json/);
  });

  it('prints a readable summary per transcript', () => {
    const result = runCli(['inspect', 'fixtures/projects/-home-dev-acme-shop/4a2030a7-b5cb-49a2-b41c-016deb5688ff.jsonl']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/compaction\s+line 102, auto trigger, 167,538 tokens before, kept a preserved segment/);
    expect(result.stdout).toMatch(/diagnostics\s+none/);
  });

  it('a path that does not exist is one clear line on stderr and exit status 2', () => {
    const result = runCli(['inspect', 'no/such/folder']);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('memlog: no such file or folder: no/such/folder\n');
  });

  it('--help lists the command with an example', () => {
    const result = runCli(['inspect', '--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/--json/);
    expect(result.stdout).toMatch(/Examples:/);
  });
});
