import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiInvariantViolations, type MessagesRequestBody } from '../../src/context/index.js';
import { assistantEntry, text, toolResultEntry, toolUse, userEntry } from '../../src/testing/entryBuilders.js';
import { demoProjects } from '../support/paths.js';
import { notesCliProject } from '../support/notesCliProject.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

const fixTests = join(demoProjects, '-home-dev-acme-shop', 'a1eaaff9-3a09-471e-b457-360fb17ea04f.jsonl');
const isolated = (dir: string) => ['--config-dir', join(dir, 'config'), '--managed-dir', join(dir, 'managed')];

describe('memlog context', () => {
  it('--json prints the request body: system with the memory instructions, the index in the first message, the prompt last', () => {
    const dir = tempDir();
    const result = runCli(['context', fixTests, '--json', ...isolated(dir)]);
    expect(result.status).toBe(0);
    const body = JSON.parse(result.stdout) as MessagesRequestBody;
    expect(Object.keys(body)).toEqual(['model', 'max_tokens', 'system', 'messages']);
    expect(body.system?.[0]?.text).toContain(join(demoProjects, '-home-dev-acme-shop', 'memory'));
    const first = body.messages[0]!.content[0] as { text: string };
    expect(first.text).toContain('MEMORY.md (');
    expect(first.text).toContain('[Prefers pnpm](prefer-pnpm.md)');
    expect(first.text).toContain("Today's date is 2026-03-02.");
    expect(body.messages.at(-1)!.content.at(-1)).toEqual({ type: 'text', text: 'Continue.' });
    expect(apiInvariantViolations(body.messages)).toEqual([]);
  });

  it('without --json shows the parts with token estimates, then the request', () => {
    const dir = tempDir();
    const result = runCli(['context', fixTests, ...isolated(dir), '--prompt', 'What did we change?']);
    expect(result.status).toBe(0);
    for (const part of ['system ', 'index ', 'attachments ', 'messages ', 'total '])
      expect(result.stdout).toMatch(new RegExp(`\\n  ${part}\\s+[\\d,]+`));
    expect(result.stdout).toContain('── messages ──');
    expect(result.stdout).toContain('text: What did we change?');
  });

  it("says what the parts count: the request memlog rebuilds, not the API count of Claude Code's own (decision 114)", () => {
    const result = runCli(['context', fixTests, ...isolated(tempDir())]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /\n {2}total\s+[\d,]+\n {2}\(the request memlog rebuilds; the API's count, compact's "before", adds Claude Code's own system prompt and tools\)\n/,
    );
  });

  it("names what a background run changed on the memory_background_write reminder's line, --recall too (decision 114)", () => {
    const { base, config, transcript } = notesCliProject();
    const env = { CLAUDE_CONFIG_DIR: config, HOME: join(base, 'home') };
    const extracted = runCli(['extract', join(config, 'projects'), '--into-claude', '--model', 'offline'], { env });
    expect(extracted.status, extracted.stderr).toBe(0);
    for (const recall of [[], ['--recall']]) {
      const result = runCli(['context', transcript, '--config-dir', config, '--managed-dir', join(base, 'managed'), ...recall], { env });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toMatch(
        /\n {2}memory_background_write +2 memory file\(s\) changed by a background run: (MEMORY\.md|python-3-12-not-3-11\.md) \((added|updated)\), (MEMORY\.md|python-3-12-not-3-11\.md) \((added|updated)\)\n/,
      );
    }
  });

  it('loads CLAUDE.md files in order, adds nested ones after the Read that finds them, and reports every bad file without failing', () => {
    const dir = tempDir();
    const project = join(dir, 'project');
    mkdirSync(join(project, 'src', 'deep'), { recursive: true });
    mkdirSync(join(project, '.claude', 'rules'), { recursive: true });
    mkdirSync(join(dir, 'config'), { recursive: true });
    writeFileSync(join(dir, 'config', 'CLAUDE.md'), 'User rule: be brief.');
    writeFileSync(join(project, 'CLAUDE.md'), 'Project rule. @docs.md @../outside.md @loop-a.md @gone.md @huge.md');
    writeFileSync(join(project, 'docs.md'), 'Imported docs.');
    writeFileSync(join(dir, 'outside.md'), 'must not load');
    symlinkSync(join(project, 'loop-b.md'), join(project, 'loop-a.md'));
    symlinkSync(join(project, 'loop-a.md'), join(project, 'loop-b.md'));
    writeFileSync(join(project, 'huge.md'), 'x'.repeat(1024 * 1024 + 1));
    writeFileSync(join(project, '.claude', 'rules', 'broken.md'), '---\npaths: [oops\n---\nRule with broken frontmatter.');
    writeFileSync(join(project, 'CLAUDE.local.md'), 'Local rule.');
    writeFileSync(join(project, 'src', 'CLAUDE.md'), 'Nested rule for src.');
    const transcript = join(dir, 'session.jsonl');
    const entries = [
      userEntry('u1', 'look at deep/file.ts'),
      assistantEntry('a1', 'm1', toolUse('t1', 'Read', { file_path: join(project, 'src', 'deep', 'file.ts') }), { parentUuid: 'u1' }),
      toolResultEntry('r1', 't1', 'a1', { content: 'export {}' }),
      assistantEntry('a2', 'm2', text('It is empty.'), { parentUuid: 'r1' }),
    ];
    writeFileSync(transcript, entries.map((e) => JSON.stringify(e)).join('\n') + '\n');

    const json = runCli(['context', transcript, '--json', '--cwd', project, ...isolated(dir)]);
    expect(json.status).toBe(0);
    const body = JSON.parse(json.stdout) as MessagesRequestBody;
    const context = (body.messages[0]!.content[0] as { text: string }).text;
    const order = ['User rule: be brief.', 'Project rule.', 'Imported docs.', 'Rule with broken frontmatter.', 'Local rule.'].map((t) =>
      context.indexOf(t),
    );
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    expect(context).not.toContain('must not load');
    const nested = body.messages[2]!.content.map((b) => (b as { text?: string; type: string }).text ?? b.type);
    expect(nested).toEqual([
      'tool_result',
      `<system-reminder>\nContents of ${join(project, 'src', 'CLAUDE.md')}:\n\nNested rule for src.\n</system-reminder>`,
    ]);
    for (const code of ['import_external', 'unreadable', 'import_missing', 'too_large', 'bad_frontmatter'])
      expect(json.stderr).toContain(`memlog: ${code}:`);
    expect(apiInvariantViolations(body.messages)).toEqual([]);
  });

  it('recall mode attaches memories relevant to the prompt instead of the index', () => {
    const dir = tempDir();
    const result = runCli([
      'context',
      fixTests,
      '--json',
      '--recall',
      '--prompt',
      'which package manager should I use for installs?',
      ...isolated(dir),
    ]);
    expect(result.status).toBe(0);
    const body = JSON.parse(result.stdout) as MessagesRequestBody;
    expect((body.messages[0]!.content[0] as { text: string }).text).not.toContain('MEMORY.md (');
    const last = body.messages.at(-1)!.content.map((b) => (b as { text: string }).text);
    expect(last.some((t) => t.startsWith('<system-reminder>\n') && t.includes('prefer-pnpm.md'))).toBe(true);
    expect(body.system?.[0]?.text).not.toContain('Add one line for it to `MEMORY.md`');
  });

  it("puts a subagent's memory into its own system prompt", () => {
    const dir = tempDir();
    const agent = join(
      demoProjects,
      '-home-dev-acme-shop',
      '7f26641c-f5f5-4490-80f6-02093c4c460a',
      'subagents',
      'agent-a2e6a9c6df1616842.jsonl',
    );
    const result = runCli(['context', agent, '--json', '--agent-memory', 'user', ...isolated(dir)]);
    expect(result.status).toBe(0);
    const body = JSON.parse(result.stdout) as MessagesRequestBody;
    expect(body.system?.[0]?.text).toContain(`# Persistent agent memory`);
    expect(body.system?.[0]?.text).toContain(join(dir, 'config', 'agent-memory', 'Explore'));
    expect(body.system?.[0]?.text).toContain('MEMORY.md is empty for now.');
  });

  it('an empty transcript with an empty prompt is refused with one line on stderr, not printed as a request with no messages', () => {
    const dir = tempDir();
    const transcript = join(dir, 'empty.jsonl');
    writeFileSync(transcript, '');
    for (const view of [['--json'], []]) {
      const result = runCli(['context', transcript, '--prompt', '', ...view, ...isolated(dir)]);
      expect(result.status).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.trim().split('\n')).toEqual([
        'memlog: nothing to send: the transcript holds no conversation the model would see, and the prompt is empty; give a non-empty prompt',
      ]);
    }
    const withPrompt = runCli(['context', transcript, '--json', '--prompt', 'Start here.', ...isolated(dir)]);
    expect(withPrompt.status).toBe(0);
    const body = JSON.parse(withPrompt.stdout) as MessagesRequestBody;
    expect(body.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Start here.' }] }]);
    expect(apiInvariantViolations(body.messages)).toEqual([]);
  });

  it('a missing transcript or a directory is one line on stderr and exit 2', () => {
    const missing = runCli(['context', join(tempDir(), 'nope.jsonl')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(runCli(['context', demoProjects]).status).toBe(2);
  });
});
