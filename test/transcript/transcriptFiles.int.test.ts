import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { transcriptTree } from '../../src/jobs/extraction/transcriptTree.js';
import { findTranscriptFiles, MAX_TREE_DEPTH } from '../../src/transcript/transcriptFiles.js';
import { tempDir } from '../support/tempDir.js';

function file(path: string): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, '{}\n');
  return path;
}

// Decision 107: the one discovery every command reads transcripts through.
describe('findTranscriptFiles', () => {
  it("names Claude Code's layout as before: the project folder, the session, a subagent under its session", () => {
    const root = tempDir();
    file(join(root, '-home-dev-app', 's1.jsonl'));
    file(join(root, '-home-dev-app', 's1', 'subagents', 'agent-a1.jsonl'));
    file(join(root, '-home-dev-app', 's1', 'tool-results', 'r.txt'));
    file(join(root, '-home-dev-app', 's1.memlog.jsonl'));
    const found = findTranscriptFiles([root]);
    expect(found.files.map(({ project, session }) => `${project} ${session}`)).toEqual(['-home-dev-app s1', '-home-dev-app s1/agent-a1']);
    expect(found.skipped).toEqual([]);
    expect(findTranscriptFiles([join(root, '-home-dev-app')]).files.map((f) => f.project)).toEqual(['-home-dev-app', '-home-dev-app']);
    expect(findTranscriptFiles([join(root, '-home-dev-app', 's1', 'subagents', 'agent-a1.jsonl')]).files).toEqual([
      { path: join(root, '-home-dev-app', 's1', 'subagents', 'agent-a1.jsonl'), project: '-home-dev-app', session: 's1/agent-a1' },
    ]);
  });

  it('names a nested folder by its path below the root, parts joined by __, its subagents included', () => {
    const root = tempDir();
    file(join(root, 'p', 'a', 'b', 's.jsonl'));
    file(join(root, 'p', 'a', 'b', 's', 'subagents', 'agent-x.jsonl'));
    expect(findTranscriptFiles([root]).files.map(({ project, session }) => `${project} ${session}`)).toEqual([
      'p__a__b s',
      'p__a__b s/agent-x',
    ]);
  });

  it('follows links to files and folders, reads a folder reached twice once, and names what it cannot take', () => {
    const root = tempDir();
    const real = file(join(root, 'elsewhere', 'real.jsonl'));
    mkdirSync(join(root, 'projects', 'p'), { recursive: true });
    symlinkSync(real, join(root, 'projects', 'p', 'linked.jsonl'));
    symlinkSync(join(root, 'projects'), join(root, 'projects', 'p', 'back'));
    symlinkSync(join(root, 'projects', 'p', 'none.jsonl'), join(root, 'projects', 'p', 'gone.jsonl'));
    symlinkSync(join(root, 'projects', 'p', 'l2'), join(root, 'projects', 'p', 'l1'));
    symlinkSync(join(root, 'projects', 'p', 'l1'), join(root, 'projects', 'p', 'l2'));
    execFileSync('mkfifo', [join(root, 'projects', 'p', 'pipe.jsonl')]);
    const found = findTranscriptFiles([join(root, 'projects')]);
    expect(found.files.map((f) => f.path)).toEqual([join(root, 'projects', 'p', 'linked.jsonl')]);
    expect(found.skipped).toEqual([
      { path: join(root, 'projects', 'p', 'gone.jsonl'), reason: 'a link that points to nothing' },
      { path: join(root, 'projects', 'p', 'l1'), reason: 'a link loop' },
      { path: join(root, 'projects', 'p', 'l2'), reason: 'a link loop' },
      { path: join(root, 'projects', 'p', 'pipe.jsonl'), reason: 'not a regular file (a named pipe (FIFO))' },
    ]);
  });

  it('names a folder named like a transcript instead of walking it, and leaves a hidden one alone (decision 111)', () => {
    const root = tempDir();
    file(join(root, 'p', 's.jsonl'));
    file(join(root, 'p', 'unpacked.jsonl', 'inside.jsonl'));
    file(join(root, 'p', '.cache.jsonl', 'inside.jsonl'));
    const found = findTranscriptFiles([root]);
    expect(found.files.map((f) => f.path)).toEqual([join(root, 'p', 's.jsonl')]);
    expect(found.skipped).toEqual([{ path: join(root, 'p', 'unpacked.jsonl'), reason: 'a folder, not a transcript file' }]);
  });

  it('the walk of extract and report takes and names what the shared discovery does, and leaves subagents and the prompt history out by choice', () => {
    const root = tempDir();
    file(join(root, 'projects', 'p', 's.jsonl'));
    file(join(root, 'projects', 'p', 'agent-a1.jsonl'));
    file(join(root, 'projects', 'p', 'unpacked.jsonl', 'inside.jsonl'));
    file(join(root, 'history.jsonl'));
    symlinkSync(join(root, 'projects', 'p', 'none.jsonl'), join(root, 'projects', 'p', 'gone.jsonl'));
    symlinkSync(join(root, 'projects', 'p', 'l2'), join(root, 'projects', 'p', 'l1'));
    symlinkSync(join(root, 'projects', 'p', 'l1'), join(root, 'projects', 'p', 'l2'));
    execFileSync('mkfifo', [join(root, 'projects', 'p', 'pipe.jsonl')]);
    const tree = transcriptTree(root);
    expect(tree.projects).toEqual([{ folder: join(root, 'projects', 'p'), sessions: [join(root, 'projects', 'p', 's.jsonl')] }]);
    const shared = findTranscriptFiles([root]).skipped;
    expect([...tree.unreadable].sort((a, b) => (a.path < b.path ? -1 : 1))).toEqual(shared);
    expect(tree.skipped.map((s) => s.path)).toEqual([join(root, 'history.jsonl'), join(root, 'projects', 'p', 'agent-*.jsonl')]);
  });

  it('names a folder past the depth guard instead of reading it', () => {
    const root = tempDir();
    const deep = join(root, ...Array.from({ length: MAX_TREE_DEPTH + 1 }, (_, i) => `d${i}`));
    file(join(deep, 's.jsonl'));
    const found = findTranscriptFiles([root]);
    expect(found.files).toEqual([]);
    expect(found.skipped).toEqual([{ path: deep, reason: `more than ${MAX_TREE_DEPTH} folders below the root` }]);
  });
});
