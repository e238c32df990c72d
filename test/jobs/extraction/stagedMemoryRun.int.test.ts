import { linkSync, mkdirSync, readdirSync, readFileSync, renameSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractMemories, OfflineModel, scanMemoryFiles, type ModelReply } from '../../../src/index.js';
import { runExtraction } from '../../../src/jobs/index.js';
import { sanitizePath } from '../../../src/transcript/index.js';
import { ScriptedModel } from '../../../src/testing/scriptedModel.js';
import { demoProjects } from '../../support/paths.js';
import { tempDir } from '../../support/tempDir.js';
import { readBlob } from '../../../src/jobs/records/blobStore.js';
import { sha256Hex } from '../../../src/fs/sha256.js';

const write = (file: string, content: string): Partial<ModelReply> => ({
  content: [{ type: 'tool_use', id: 'w', name: 'Write', input: { file_path: file, content } }],
  stopReason: 'tool_use',
});
const done: Partial<ModelReply> = { content: [{ type: 'text', text: 'done' }] };
const options = (memoryDir: string) => ({
  memoryDir,
  readRoots: [],
  conversation: [{ role: 'user' as const, content: 'hi' }],
  newMessages: 1,
  runId: 'r',
  sessionId: 's',
  from: null,
  to: null,
  now: '2026-01-01T00:00:00.000Z',
});

describe('applying an extraction run', () => {
  it('moves only the files the run changed: a file written meanwhile by someone else is not put back', async () => {
    const memoryDir = join(tempDir(), 'memory');
    mkdirSync(memoryDir);
    writeFileSync(join(memoryDir, 'b.md'), 'old b');
    const result = await runExtraction({
      ...options(memoryDir),
      model: new ScriptedModel([write(join(memoryDir, 'a.md'), 'new a'), done]),
    });
    writeFileSync(join(memoryDir, 'b.md'), 'b written meanwhile');
    await result.apply();
    expect(result.outcome.written.map((w) => [w.file, w.change])).toEqual([['a.md', 'added']]);
    expect(readFileSync(join(memoryDir, 'b.md'), 'utf8')).toBe('b written meanwhile');
    expect(readFileSync(join(memoryDir, 'a.md'), 'utf8')).toBe('new a');
  });

  it('records each written file’s bytes before and after in the blob store, and when the run wrote (decision 79)', async () => {
    const memoryDir = join(tempDir(), 'memory');
    mkdirSync(memoryDir);
    writeFileSync(join(memoryDir, 'a.md'), 'old a\n');
    const result = await runExtraction({
      ...options(memoryDir),
      model: new ScriptedModel([write(join(memoryDir, 'a.md'), 'new a\n'), done]),
    });
    const [written] = result.outcome.written;
    expect(result.outcome.when).toBe('2026-01-01T00:00:00.000Z');
    expect(written?.before).toBe(sha256Hex('old a\n'));
    expect(readBlob(memoryDir, written?.before ?? '')?.toString('utf8')).toBe('old a\n');
    expect(readBlob(memoryDir, written?.sha256 ?? '')?.toString('utf8')).toBe('new a\n');
    // Kept beside the directory: nothing in it but the memory.
    await result.apply();
    expect(readdirSync(memoryDir).sort()).toEqual(['MEMORY.md', 'a.md']);
  });

  it('a file rewritten unchanged by the run does not put an older version back over one written meanwhile', async () => {
    const memoryDir = join(tempDir(), 'memory');
    mkdirSync(memoryDir);
    writeFileSync(join(memoryDir, 'a.md'), 'original a');
    // Another process replaces a.md while the run works; the run writes a.md with the bytes it started from.
    const meanwhile = (): Partial<ModelReply> => {
      writeFileSync(join(memoryDir, '.a.md.other'), 'NEWER a');
      renameSync(join(memoryDir, '.a.md.other'), join(memoryDir, 'a.md'));
      return write(join(memoryDir, 'a.md'), 'original a');
    };
    const result = await runExtraction({ ...options(memoryDir), model: new ScriptedModel([meanwhile, done]) });
    await result.apply();
    expect(result.outcome.written).toEqual([]);
    expect(readFileSync(join(memoryDir, 'a.md'), 'utf8')).toBe('NEWER a');
  });

  it('a symlinked file that leads out of the memory directory is not shown to the model', async () => {
    const base = tempDir();
    const memoryDir = join(base, 'memory');
    mkdirSync(memoryDir);
    writeFileSync(join(base, 'outside.md'), 'SECRET_OUTSIDE');
    symlinkSync(join(base, 'outside.md'), join(memoryDir, 'peek.md'));
    const seen: string[] = [];
    const read: Partial<ModelReply> = {
      content: [{ type: 'tool_use', id: 'r', name: 'Read', input: { file_path: join(memoryDir, 'peek.md') } }],
      stopReason: 'tool_use',
    };
    const record = (request: Parameters<ScriptedModel['complete']>[0]): Partial<ModelReply> => {
      seen.push(JSON.stringify(request.messages));
      return done;
    };
    const result = await runExtraction({ ...options(memoryDir), model: new ScriptedModel([read, record]) });
    await result.apply();
    expect(seen.join('')).not.toContain('SECRET_OUTSIDE');
    expect(readFileSync(join(memoryDir, 'peek.md'), 'utf8')).toBe('SECRET_OUTSIDE'); // left as it was
  });

  it('works when the output folder is reached through a symbolic link', async () => {
    const base = tempDir();
    mkdirSync(join(base, 'real'));
    symlinkSync(join(base, 'real'), join(base, 'link'));
    const report = await extractMemories({
      root: join(demoProjects, '-home-dev-notes-cli'),
      out: join(base, 'link', 'out'),
      model: new OfflineModel(),
    });
    expect(report.failedRuns).toBe(0);
    expect(readdirSync(join(base, 'real', 'out', '-home-dev-notes-cli', 'memory')).sort()).toEqual([
      'MEMORY.md',
      'python-3-12-not-3-11.md',
    ]);
  });

  it('the scan keeps the description of a legacy topic file without a type', async () => {
    const dir = join(tempDir(), 'memory');
    mkdirSync(dir);
    writeFileSync(join(dir, 'old.md'), '---\nname: old\ndescription: Written before types existed\n---\n\nbody\n');
    expect(await scanMemoryFiles(dir)).toMatchObject([{ filename: 'old.md', description: 'Written before types existed', name: 'old' }]);
  });

  it('reads a topic file again once it is edited in place (same inode, new mtime), also after links to it came and went', async () => {
    const dir = join(tempDir(), 'memory');
    mkdirSync(dir);
    const file = join(dir, 'a.md');
    const header = (description: string): string => `---\nname: a\ndescription: ${description}\ntype: user\n---\n\nbody\n`;
    writeFileSync(file, header('first version'));
    utimesSync(file, new Date(2026, 0, 1), new Date(2026, 0, 1));
    expect(await scanMemoryFiles(dir)).toMatchObject([{ description: 'first version' }]);
    linkSync(file, join(tempDir(), 'link.md'));
    expect(await scanMemoryFiles(dir)).toMatchObject([{ description: 'first version' }]);
    writeFileSync(file, header('other version')); // same length, same inode
    utimesSync(file, new Date(2026, 0, 2), new Date(2026, 0, 2));
    expect(await scanMemoryFiles(dir)).toMatchObject([{ description: 'other version' }]);
  });
});

describe('--into-claude', () => {
  it("writes where Claude Code reads: the memory of the canonical git root of the sessions' working directory", async () => {
    const base = tempDir();
    const repo = join(base, 'repo');
    mkdirSync(join(repo, '.git'), { recursive: true });
    mkdirSync(join(repo, 'packages', 'cli'), { recursive: true });
    const cwd = join(repo, 'packages', 'cli');
    const config = join(base, 'config');
    const project = join(config, 'projects', sanitizePath(cwd));
    mkdirSync(project, { recursive: true });
    const source = join(demoProjects, '-home-dev-notes-cli', 'f3306bf5-2268-4ce0-9622-47a3ea80e2a8.jsonl');
    const lines = readFileSync(source, 'utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => {
        const entry = JSON.parse(l) as Record<string, unknown>;
        return JSON.stringify('cwd' in entry ? { ...entry, cwd } : entry);
      });
    writeFileSync(join(project, 'f3306bf5-2268-4ce0-9622-47a3ea80e2a8.jsonl'), `${lines.join('\n')}\n`);
    const report = await extractMemories({
      root: join(config, 'projects'),
      out: join(base, 'unused'),
      intoClaude: true,
      env: { CLAUDE_CONFIG_DIR: config },
      model: new OfflineModel(),
    });
    expect(report.projects.map((p) => p.memoryDir)).toEqual([join(config, 'projects', sanitizePath(repo), 'memory')]);
    expect(readdirSync(join(config, 'projects', sanitizePath(repo), 'memory')).sort()).toEqual(['MEMORY.md', 'python-3-12-not-3-11.md']);
  });
});
