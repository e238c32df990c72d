import { describe, expect, it } from 'vitest';
import { ARCHIVE_HOOK_MARK, withArchiveHooks, withoutArchiveHooks } from '../../src/archive/hookSettings.js';

const OURS = `${ARCHIVE_HOOK_MARK}'node' 'memlog.mjs' archive hook`;
const theirs = { matcher: '', hooks: [{ type: 'command', command: 'notify-send bye' }] };
const existing = {
  model: 'opus',
  hooks: { SessionEnd: [theirs], PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'audit' }] }] },
};

describe('the archive hook in Claude Code settings', () => {
  it('adds a SessionEnd and a PreCompact hook, keeping every other key and hook', () => {
    const next = withArchiveHooks(existing, OURS);
    expect(next['model']).toBe('opus');
    const hooks = next['hooks'] as Record<string, { hooks: { command: string }[] }[]>;
    expect(hooks['PreToolUse']).toEqual(existing.hooks.PreToolUse);
    expect(hooks['SessionEnd']?.[0]).toEqual(theirs);
    expect(hooks['SessionEnd']?.[1]?.hooks[0]?.command).toBe(OURS);
    expect(hooks['PreCompact']?.[0]?.hooks[0]?.command).toBe(OURS);
  });

  it('is idempotent: installing twice gives what installing once gives, a newer command replacing the older', () => {
    const once = withArchiveHooks(existing, OURS);
    expect(withArchiveHooks(once, OURS)).toEqual(once);
    const moved = withArchiveHooks(once, `${OURS} --to /elsewhere`);
    expect(JSON.stringify(moved).split(ARCHIVE_HOOK_MARK).length - 1).toBe(2);
  });

  it('uninstall gives back the settings as they were, and leaves settings without memlog hooks alone', () => {
    expect(withoutArchiveHooks(withArchiveHooks(existing, OURS))).toEqual(existing);
    expect(withoutArchiveHooks(withArchiveHooks({}, OURS))).toEqual({});
    expect(withoutArchiveHooks(existing)).toEqual(existing);
  });

  it('keeps another hook that shares a matcher group with memlog', () => {
    const shared = {
      hooks: {
        SessionEnd: [
          {
            hooks: [
              { type: 'command', command: OURS },
              { type: 'command', command: 'x' },
            ],
          },
        ],
      },
    };
    expect(withoutArchiveHooks(shared)).toEqual({ hooks: { SessionEnd: [{ hooks: [{ type: 'command', command: 'x' }] }] } });
  });
});
