import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MemoryCandidate } from '../../../src/consolidation/index.js';
import { extractMemories, loadContext, nodeFileSource, OfflineModel } from '../../../src/index.js';
import { consolidateMemory } from '../../../src/jobs/index.js';
import { backfillIndex, parseTopicFile, scanMemoryFiles, stampTopicFile } from '../../../src/memory/durable/index.js';
import { assistantEntry, text, toolResultEntry, toolUse, userEntry } from '../../../src/testing/entryBuilders.js';
import { hasShared, sharedFixtures } from '../../support/paths.js';
import { notesCliProject } from '../../support/notesCliProject.js';
import { tempDir } from '../../support/tempDir.js';

const NOTICE = 'memory_background_write';
const SESSION = '4a2030a7-b5cb-49a2-b41c-016deb5688ff';

const context = (transcript: string, config: string) =>
  loadContext({ transcriptPath: transcript, files: nodeFileSource, configDir: config, home: join(config, '..', 'home') });

describe('memlog context after memlog wrote memory in the background', () => {
  it('an extraction into Claude Code’s folder: the next request carries the note naming the files its record says it wrote', async () => {
    const { config, project, transcript } = notesCliProject();
    const before = await context(transcript, config);
    expect(before.attachments.filter((a) => a.kind === NOTICE)).toEqual([]);
    await extractMemories({
      root: join(config, 'projects'),
      out: join(config, 'unused'),
      intoClaude: true,
      env: { CLAUDE_CONFIG_DIR: config },
      model: new OfflineModel(),
    });
    const after = await context(transcript, config);
    const notes = after.attachments.filter((a) => a.kind === NOTICE);
    expect(notes).toHaveLength(1);
    const memory = join(project, 'memory');
    expect(notes[0]!.text).toContain(`- ${join(memory, 'python-3-12-not-3-11.md')} (added by memory extraction)`);
    expect(notes[0]!.text).toContain(`- ${join(memory, 'MEMORY.md')} (added by memory extraction)`);
    // Hidden: a system reminder on the new turn, not words of the user.
    const last = after.request.body.messages.at(-1)!;
    expect(JSON.stringify(last.content)).toContain('a background memory run changed these files');
    expect(notes[0]!.text.startsWith('<system-reminder>')).toBe(true);
    // The topic file reads back as 2.1.332 writes it.
    const parsed = parseTopicFile(readFileSync(join(memory, 'python-3-12-not-3-11.md'), 'utf8'), 'x');
    expect(parsed.ok && parsed.form).toBe('metadata');
    expect(parsed.ok && parsed.file).toMatchObject({
      name: 'python-3-12-not-3-11',
      originSessionId: 'f3306bf5-2268-4ce0-9622-47a3ea80e2a8',
    });
  });

  it('a directory of 2.1.88 topic files: consolidation backfills the index first, and the context shows it, the stamps and a stale read', async () => {
    const base = tempDir();
    const project = join(base, 'config', 'projects', '-p');
    const memory = join(project, 'memory');
    mkdirSync(memory, { recursive: true });
    const tabs = join(memory, 'indent-tabs.md');
    writeFileSync(
      tabs,
      '---\nname: Indent with tabs\ndescription: Indent with tabs, see [[editor]]\ntype: feedback\n---\n\nTabs. See [[editor]].\n',
    );
    writeFileSync(join(memory, 'editor.md'), '---\nname: editor\ndescription: The team edits in Helix\ntype: reference\n---\n\nHelix.\n');
    const transcript = join(project, `${SESSION}.jsonl`);
    const entries = [
      userEntry('u1', 'What do you remember about indentation?', { timestamp: '2026-01-20T08:00:00.000Z', sessionId: SESSION }),
      assistantEntry('a1', 'm1', toolUse('t1', 'Read', { file_path: tabs }), {
        parentUuid: 'u1',
        timestamp: '2026-01-20T08:00:01.000Z',
        sessionId: SESSION,
      }),
      toolResultEntry('r1', 't1', 'a1', { content: 'Tabs.', timestamp: '2026-01-20T08:00:02.000Z', sessionId: SESSION }),
      assistantEntry('a2', 'm2', text('Tabs.'), { parentUuid: 'r1', timestamp: '2026-01-20T08:00:03.000Z', sessionId: SESSION }),
    ];
    writeFileSync(transcript, `${entries.map((e) => JSON.stringify(e)).join('\n')}\n`);
    const statement: MemoryCandidate = {
      type: 'feedback',
      name: 'Indent with tabs',
      description: 'Indent with tabs rather than spaces',
      body: 'Indent with tabs rather than spaces. See [[editor]].',
      saidAt: '2026-01-20T09:00:00.000Z',
      sources: [{ session: SESSION, uuid: 'u9', timestamp: '2026-01-20T09:00:00.000Z' }],
    };
    const result = await consolidateMemory({
      memoryDir: memory,
      force: true,
      candidates: [statement],
      now: () => new Date('2026-01-20T10:00:00.000Z'),
    });
    expect(result.status).toBe('consolidated');

    const loaded = await loadContext({
      transcriptPath: transcript,
      files: nodeFileSource,
      configDir: join(base, 'config'),
      home: join(base, 'home'),
    });
    // The index the backfill made (then kept up by the consolidation) is what the model is shown, links intact.
    expect(loaded.index?.content).toMatch(/^- \[[^\]]+\]\(editor\.md\) — The team edits in Helix$/m);
    expect(loaded.index?.content).toMatch(/\(indent-tabs\.md\)/);
    const note = loaded.attachments.find((a) => a.kind === NOTICE);
    expect(note?.text).toContain(`${tabs} (updated by memory consolidation)`);
    expect(note?.text).toContain(`what you saw is now out of date: ${tabs}`);
    // Frontmatter as 2.1.332 writes it, read back by the loader's scan; the [[link]] kept.
    const [header] = (await scanMemoryFiles(memory)).filter((h) => h.filename === 'indent-tabs.md');
    // Rewritten by a later statement, the memory takes that statement's slug as its name and keeps its file (decision 68).
    expect(header).toMatchObject({ type: 'feedback', name: 'indent-with-tabs' });
    const parsed = parseTopicFile(readFileSync(tabs, 'utf8'), 'indent-tabs');
    expect(parsed.ok && parsed.form).toBe('metadata');
    expect(parsed.ok && parsed.file.originSessionId).toBe(SESSION);
    expect(parsed.ok && parsed.file.modified).toBe('2026-01-20T09:00:00.000Z');
    expect(readFileSync(tabs, 'utf8')).toContain('[[editor]]');
  });

  it.skipIf(!hasShared)(
    'a real 2.1.332 memory folder: its topic file is what memlog writes, byte for byte; without its index, the backfill gives one the loader reads',
    async () => {
      const source = join(sharedFixtures, 'claude-code-2.1.332', 'memory-write', '-home-user-memory-write');
      const base = tempDir();
      const project = join(base, 'config', 'projects', '-home-user-memory-write');
      cpSync(source, project, { recursive: true });
      const memory = join(project, 'memory');
      const real = readFileSync(join(memory, 'prefer-tabs.md'), 'utf8');
      const parsed = parseTopicFile(real, 'prefer-tabs');
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) return;
      expect(stampTopicFile(real, { now: parsed.file.modified!, sessionId: 'another', previous: real, filename: 'prefer-tabs.md' })).toBe(
        real,
      );

      rmSync(join(memory, 'MEMORY.md'));
      expect((await backfillIndex(memory)).status).toBe('created');
      const transcript = join(project, 'a2ea74f1-8364-4641-85de-78e24afde085.jsonl');
      expect(existsSync(transcript)).toBe(true);
      const loaded = await loadContext({
        transcriptPath: transcript,
        files: nodeFileSource,
        configDir: join(base, 'config'),
        home: join(base, 'home'),
      });
      expect(loaded.index?.content).toBe('- [prefer-tabs](prefer-tabs.md) — User prefers tabs over spaces for indentation');
      expect(loaded.attachments.filter((a) => a.kind === NOTICE)).toEqual([]);
    },
  );
});
