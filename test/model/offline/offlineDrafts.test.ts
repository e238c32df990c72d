import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OfflineModel, parseTopicFile, renderTopicFile, type ModelMessage } from '../../../src/index.js';
import { extractiveSummary, findMemoryStatements, rankMemories } from '../../../src/model/offline/index.js';
import type { MemoryHeader, ModelTask } from '../../../src/model/index.js';
import { hasShared, sharedFixtures } from '../../support/paths.js';

const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });

describe('explicit statements worth remembering', () => {
  it('finds remember, always/never, preferences, facts about the person and corrections, each typed', () => {
    const found = findMemoryStatements([
      user("I'm a data engineer and new to React."),
      assistant('I will use npm to install it.'),
      user('No, use yarn here. Remember that the release freeze starts on 2026-12-12.'),
      assistant('Noted.'),
      user('Bugs are tracked in the Linear project INGEST. Always run the linter before committing. What does this function do?'),
    ]);
    expect(found.map((s) => [s.type, s.cue, s.text])).toEqual([
      ['user', 'about-me', "I'm a data engineer and new to React."],
      ['feedback', 'correction', 'Use yarn here.'],
      ['project', 'remember', 'The release freeze starts on 2026-12-12.'],
      ['reference', 'reference', 'Bugs are tracked in the Linear project INGEST.'],
      ['feedback', 'always-never', 'Always run the linter before committing.'],
    ]);
    expect(found[1]!.corrected).toBe('I will use npm to install it.');
  });

  it('leaves questions, code and anything that looks like a credential alone', () => {
    expect(
      findMemoryStatements([
        user('Should we always use tabs?'),
        user('Remember the password: hunter2hunter2'),
        user('Never mind, always ```rm -rf``` it'),
        user('Remember my key sk-ant-abcdefghijklmnopqrstuvwxyz'),
      ]),
    ).toEqual([]);
  });
});

describe('offline extraction', () => {
  const task = (existing: MemoryHeader[], index = ''): Extract<ModelTask, { kind: 'extract_memories' }> => ({
    kind: 'extract_memories',
    memoryDir: '/mem',
    existing,
    index,
    newMessages: 2,
    frontmatter: 'flat',
    now: '2026-11-30T00:00:00.000Z',
  });
  const ask = (t: ModelTask, messages: ModelMessage[]) =>
    new OfflineModel().complete({
      messages: [...messages, user('extract')],
      maxTokens: 100,
      tools: [{ name: 'Write', description: '', inputSchema: {} }],
      task: t,
    });

  it('updates an existing memory that says the same thing rather than adding a duplicate, its description the newest wording', async () => {
    const reply = await ask(
      task(
        [{ filename: 'prefer-pnpm.md', description: 'Prefers pnpm over npm for installs', type: 'feedback' }],
        '- [Prefer pnpm](prefer-pnpm.md) — pnpm not npm\n',
      ),
      [user('Remember: I prefer pnpm over npm.'), assistant('ok')],
    );
    const writes = reply.content.map((b) => b as unknown as { input: { file_path: string; content: string } });
    expect(writes.map((w) => w.input.file_path)).toEqual(['/mem/prefer-pnpm.md']);
    const parsed = parseTopicFile(writes[0]!.input.content, 'prefer-pnpm');
    expect(parsed.ok && [parsed.form, parsed.file.description]).toEqual(['flat', 'I prefer pnpm over npm.']);
  });

  it('never names a memory after the index: a statement with no content words, or about "memory", gets a file of its own', async () => {
    for (const [said, known] of [
      ['Always do it.', []],
      ['Remember: Memory!', []],
      ['Never do that.', [{ filename: 'note.md', description: 'Prefers tabs', type: 'user' as const }]],
    ] as const) {
      const reply = await ask(task([...known]), [user(said), assistant('ok')]);
      const paths = reply.content.map((b) => (b as unknown as { input: { file_path: string } }).input.file_path);
      expect(
        paths.filter((p) => p.toLowerCase() === '/mem/memory.md'),
        said,
      ).toEqual(['/mem/MEMORY.md']);
      expect(paths, said).toHaveLength(2);
    }
  });

  it('only the messages after the cursor count', async () => {
    const reply = await ask(task([]), [user('Always use tabs.'), assistant('ok'), user('Thanks, that is all.'), assistant('bye')]);
    expect(reply.content).toEqual([{ type: 'text', text: 'Nothing in the new messages is worth remembering.' }]);
  });

  it('without the Write tool it says so instead of calling a tool it was not offered', async () => {
    const reply = await new OfflineModel().complete({ messages: [user('Always use tabs.'), user('go')], maxTokens: 10, task: task([]) });
    expect(reply.stopReason).toBe('end_turn');
    expect(JSON.stringify(reply.content)).toMatch(/Write tool is needed/);
  });
});

describe('offline recall', () => {
  const memories: MemoryHeader[] = [
    { filename: 'prefer-pnpm.md', description: 'Use pnpm, not npm, for installs and scripts', type: 'feedback' },
    { filename: 'release-freeze.md', description: 'Release freeze starts 2026-12-12; no merges to main after', type: 'project' },
    { filename: 'grafana-board.md', description: 'Latency dashboard lives on the Grafana board api-latency', type: 'reference' },
    { filename: 'bash-gotcha.md', description: 'Bash tool: avoid interactive git rebase, it hangs', type: 'feedback' },
    { filename: 'bash-usage.md', description: 'How to use the Bash tool for scripts', type: 'reference' },
  ];

  it('ranks by the words the query shares with descriptions and names, best first', () => {
    expect(rankMemories('can we merge this to main before the release?', memories, [], 5)[0]).toBe('release-freeze.md');
    expect(rankMemories('where is the latency dashboard', memories, [], 5)).toEqual(['grafana-board.md']);
    expect(rankMemories('hello there', memories, [], 5)).toEqual([]);
  });

  it('skips memories about a tool already in use unless they warn about it', () => {
    expect(rankMemories('run the bash scripts', memories, [], 5)).toEqual(expect.arrayContaining(['bash-gotcha.md', 'bash-usage.md']));
    const inUse = rankMemories('run the bash scripts', memories, ['Bash'], 5);
    expect(inUse).toContain('bash-gotcha.md');
    expect(inUse).not.toContain('bash-usage.md');
  });

  it('answers a recall task as JSON with at most `limit` names', async () => {
    const reply = await new OfflineModel().complete({
      messages: [user('Query: pnpm install')],
      maxTokens: 256,
      task: { kind: 'recall', query: 'pnpm install scripts', candidates: memories, recentTools: [], limit: 1 },
    });
    expect(JSON.parse((reply.content[0] as { text: string }).text)).toEqual({ selected_memories: ['prefer-pnpm.md'] });
  });
});

describe('offline summary', () => {
  it('has the nine sections, every user message, the errors, and no invented content', () => {
    const summary = extractiveSummary([
      user('Fix the flaky `retryQueue` test.'),
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'npm test' } }] },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 't1', is_error: true, content: 'Error: timeout in retryQueue\nat line 3' }],
      },
      assistant('The `retryQueue` test waits on a real timer.'),
      user('Use fake timers.'),
    ]);
    for (const heading of [
      'Primary Request and Intent',
      'Key Technical Concepts',
      'Files and Code Sections',
      'Errors and fixes',
      'Problem Solving',
      'All user messages',
      'Pending Tasks',
      'Current Work',
      'Optional Next Step',
    ])
      expect(summary).toContain(heading);
    expect(summary).toContain('- Fix the flaky `retryQueue` test.');
    expect(summary).toContain('- Use fake timers.');
    expect(summary).toContain('npm test: Error: timeout in retryQueue');
    expect(summary).toContain('`retryQueue`');
    expect(summary).toMatch(/^<summary>\n[\s\S]*\n<\/summary>$/);
  });
});

describe('topic files', () => {
  it('reads the flat form and writes the metadata form by default', () => {
    const parsed = parseTopicFile('---\nname: tabs\ndescription: Prefers tabs\ntype: user\n---\n\nTabs.\n', 'x');
    expect(parsed).toMatchObject({ ok: true, form: 'flat', file: { name: 'tabs', type: 'user', body: 'Tabs.\n' } });
    const written = renderTopicFile(parsed.ok ? parsed.file : (undefined as never));
    expect(written).toBe('---\nname: tabs\ndescription: Prefers tabs\nmetadata:\n  node_type: memory\n  type: user\n---\n\nTabs.\n');
  });

  it('a file without frontmatter, with bad YAML or an unknown type says why', () => {
    expect(parseTopicFile('just text', 'x')).toMatchObject({ ok: false, reason: expect.stringMatching(/no frontmatter/) as unknown });
    expect(parseTopicFile('---\nname: [oops\n---\n', 'x')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not valid YAML/) as unknown,
    });
    expect(parseTopicFile('---\ndescription: d\ntype: opinion\n---\n', 'x')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/type must be one of/) as unknown,
    });
  });

  it.runIf(hasShared)('reads what the real Claude Code 2.1.332 wrote (metadata form)', () => {
    const path = join(sharedFixtures, 'claude-code-2.1.332', 'memory-write', '-home-user-memory-write', 'memory', 'prefer-tabs.md');
    const parsed = parseTopicFile(readFileSync(path, 'utf8'), 'prefer-tabs');
    expect(parsed).toMatchObject({
      ok: true,
      form: 'metadata',
      file: { name: 'prefer-tabs', type: 'user', originSessionId: 'a2ea74f1-8364-4641-85de-78e24afde085' },
    });
    expect(renderTopicFile(parsed.ok ? parsed.file : (undefined as never))).toBe(readFileSync(path, 'utf8'));
  });
});

describe('offline notes stay within their budgets', () => {
  it('a very long session: every section within 2,000 tokens and the file within 12,000', async () => {
    const { DEFAULT_NOTES_TEMPLATE, measureNotes } = await import('../../../src/memory/session/index.js');
    const { draftSessionNotes } = await import('../../../src/model/offline/index.js');
    const messages: ModelMessage[] = [];
    for (let i = 0; i < 400; i++) {
      messages.push(user(`Step ${i}: please look at module number ${i} and tell me what ${'it does '.repeat(20)}`));
      messages.push({
        role: 'assistant',
        content: [
          { type: 'tool_use', id: `r${i}`, name: 'Read', input: { file_path: `/repo/src/module-${i}/${'deep/'.repeat(10)}file-${i}.ts` } },
        ],
      });
      messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: `r${i}`, content: 'ok' }] });
      messages.push({
        role: 'assistant',
        content: [
          {
            type: 'tool_use',
            id: `b${i}`,
            name: 'Bash',
            input: { command: `npm run check -- --module ${i} ${'--flag '.repeat(12)}`, description: `check module ${i}` },
          },
        ],
      });
      messages.push({
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: `b${i}`, is_error: i % 3 === 0, content: `Error: module ${i} failed` }],
      });
      messages.push(assistant(`Module ${i} is fine now.`));
    }
    const notes = draftSessionNotes(DEFAULT_NOTES_TEMPLATE, messages);
    const size = measureNotes(notes);
    expect(size.oversized).toEqual([]);
    expect(size.total).toBeLessThanOrEqual(12_000);
    expect(notes).toContain('file-399.ts');
  });
});

describe('offline notes and a turn still in progress', () => {
  it('a tool call answered only by the background task placeholder is in progress, not an error', async () => {
    const { DEFAULT_NOTES_TEMPLATE, OfflineModel: Offline } = await import('../../../src/index.js');
    const { draftSessionNotes } = await import('../../../src/model/offline/index.js');
    const { withTaskPrompt } = await import('../../../src/model/index.js');
    const conversation: ModelMessage[] = [
      user('Run the tests please.'),
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'npm test' } }] },
    ];
    const request = withTaskPrompt(conversation, 'update the notes');
    const reply = await new Offline().complete({
      messages: request,
      maxTokens: 100,
      tools: [{ name: 'Edit', description: '', inputSchema: {} }],
      task: { kind: 'session_notes', notesPath: '/n.md', currentNotes: DEFAULT_NOTES_TEMPLATE },
    });
    const notes = (reply.content[0] as unknown as { input: { new_string: string } }).input.new_string;
    expect(notes).toContain('- In progress: `npm test` (no result yet)');
    expect(notes).not.toContain('had not finished');
    expect(draftSessionNotes(DEFAULT_NOTES_TEMPLATE, conversation)).toBe(notes);
  });
});
