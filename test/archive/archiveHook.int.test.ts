import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MessagesServer } from '../support/messagesServer.js';
import { claudeCodeEnv, runClaudeCode } from '../support/realClaudeCode.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

const otherHook = { matcher: '', hooks: [{ type: 'command', command: 'true # someone else' }] };

/** Polls until `done` or the deadline: the archive runs detached, after the hook has returned. */
async function eventually(done: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (done()) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return done();
}

const memlog = (args: readonly string[]) => runCli(args);

describe('memlog archive --install-hook', () => {
  let server: MessagesServer | undefined;
  afterEach(async () => {
    await server?.stop();
  });

  it('writes the hooks once, keeping every other hook, and --uninstall-hook gives the settings back', () => {
    const root = tempDir();
    const settings = join(root, 'settings.json');
    const before = { model: 'sonnet', hooks: { SessionEnd: [otherHook] } };
    writeFileSync(settings, JSON.stringify(before));
    const archive = join(root, 'archive');
    const first = memlog(['archive', '--install-hook', '--settings', settings, '--to', archive]);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('installed the SessionEnd and PreCompact hooks');
    const installed = readFileSync(settings, 'utf8');
    const parsed = JSON.parse(installed) as { hooks: Record<string, { hooks: { command: string }[] }[]> };
    expect(parsed.hooks['SessionEnd']?.[0]).toEqual(otherHook);
    expect(parsed.hooks['PreCompact']?.[0]?.hooks[0]?.command).toMatch(/^MEMLOG_HOOK=archive .* archive hook --to /);
    expect(memlog(['archive', '--install-hook', '--settings', settings, '--to', archive]).stdout).toContain('already installed');
    expect(readFileSync(settings, 'utf8')).toBe(installed);
    expect(memlog(['archive', '--uninstall-hook', '--settings', settings]).status).toBe(0);
    expect(JSON.parse(readFileSync(settings, 'utf8'))).toEqual(before);
  }, 120_000);

  it('refuses a settings file that is not JSON, leaving it as it was', () => {
    const settings = join(tempDir(), 'settings.json');
    writeFileSync(settings, '{ "hooks": ');
    const result = memlog(['archive', '--install-hook', '--settings', settings]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/settings\.json is not JSON .*it was not changed/);
    expect(readFileSync(settings, 'utf8')).toBe('{ "hooks": ');
  }, 60_000);

  it('the hook never fails Claude Code: bad input is logged, the exit status is 0', () => {
    const archive = join(tempDir(), 'archive');
    const result = runCli(['archive', 'hook', '--to', archive], { env: {} });
    expect(result.status).toBe(0);
    expect(readFileSync(join(archive, 'hook.log'), 'utf8')).toMatch(/the hook input is not JSON/);
  }, 60_000);

  it('the real Claude Code CLI, through a session end, runs the hook and the session lands in the archive', async () => {
    const root = tempDir();
    const config = join(root, 'claude');
    mkdirSync(config, { recursive: true });
    writeFileSync(join(config, 'settings.json'), JSON.stringify({ hooks: { SessionEnd: [otherHook] } }));
    const archive = join(root, 'archive');
    const installed = runCli(['archive', '--install-hook', '--config-dir', config, '--to', archive]);
    expect(installed.status, installed.stderr).toBe(0);
    server = new MessagesServer({ script: () => ({ content: [{ type: 'text', text: 'Done.' }] }) });
    const url = await server.start();
    const work = join(root, 'work');
    mkdirSync(work);
    const env = claudeCodeEnv(root, config, url);
    const run = await runClaudeCode(['-p', 'Say done.', '--output-format', 'json'], env, work);
    expect(run.status, run.stderr).toBe(0);
    const session = (JSON.parse(run.stdout) as { session_id: string }).session_id;
    const manifest = join(archive, 'manifest.jsonl');
    const archived = await eventually(() => existsSync(manifest) && readFileSync(manifest, 'utf8').includes(`/${session}.jsonl"`), 90_000);
    const log = existsSync(join(archive, 'hook.log')) ? readFileSync(join(archive, 'hook.log'), 'utf8') : '(no hook log)';
    expect(archived, log).toBe(true);
    expect(log).toContain(`SessionEnd ${session}: archiving`);
    // The detached run ends by removing its marker: wait for it, so the temp folder is removed after it.
    expect(await eventually(() => !existsSync(join(archive, 'unfinished')), 60_000)).toBe(true);
  }, 240_000);
});
