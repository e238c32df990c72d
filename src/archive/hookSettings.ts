/** The Claude Code hook events that archive the session: at its end, and before a compaction rewrites what the model sees. */
export const ARCHIVE_HOOK_EVENTS = ['SessionEnd', 'PreCompact'] as const;

/** How memlog's own hook commands start: what install replaces and uninstall removes, and nothing else. */
export const ARCHIVE_HOOK_MARK = 'MEMLOG_HOOK=archive ';

/** Seconds Claude Code gives the hook command; it returns at once, the archive runs detached. */
export const ARCHIVE_HOOK_TIMEOUT_SECONDS = 30;

type Settings = Record<string, unknown>;
type Group = Record<string, unknown> & { hooks?: unknown };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const isArchiveHook = (hook: unknown): boolean =>
  isObject(hook) && typeof hook['command'] === 'string' && hook['command'].startsWith(ARCHIVE_HOOK_MARK);

/** An event's matcher groups without memlog's hooks; a group left with no hook is dropped, every other one kept as it was. */
function withoutOurs(groups: unknown): unknown {
  if (!Array.isArray(groups)) return groups;
  return groups.flatMap((group: unknown) => {
    if (!isObject(group) || !Array.isArray((group as Group).hooks)) return [group];
    const hooks = (group as { hooks: unknown[] }).hooks;
    const kept = hooks.filter((hook) => !isArchiveHook(hook));
    if (kept.length === hooks.length) return [group];
    return kept.length === 0 ? [] : [{ ...group, hooks: kept }];
  });
}

/** The settings with memlog's archive hooks removed: every other key, event and hook kept. */
export function withoutArchiveHooks(settings: Settings): Settings {
  const hooks = settings['hooks'];
  if (!isObject(hooks)) return settings;
  const next: Record<string, unknown> = {};
  for (const [event, groups] of Object.entries(hooks)) {
    const kept = withoutOurs(groups);
    if (!(Array.isArray(kept) && kept.length === 0 && ARCHIVE_HOOK_EVENTS.some((e) => e === event))) next[event] = kept;
  }
  const rest = { ...settings };
  delete rest['hooks'];
  return Object.keys(next).length === 0 ? rest : { ...settings, hooks: next };
}

/** The settings with one memlog archive hook per event (any older one replaced), every other hook kept. */
export function withArchiveHooks(settings: Settings, command: string): Settings {
  const cleaned = withoutArchiveHooks(settings);
  const hooks: Record<string, unknown> = isObject(cleaned['hooks']) ? { ...cleaned['hooks'] } : {};
  const ours = { hooks: [{ type: 'command', command, timeout: ARCHIVE_HOOK_TIMEOUT_SECONDS }] };
  for (const event of ARCHIVE_HOOK_EVENTS) {
    const groups = hooks[event];
    hooks[event] = Array.isArray(groups) ? [...(groups as unknown[]), ours] : [ours];
  }
  return { ...cleaned, hooks };
}
