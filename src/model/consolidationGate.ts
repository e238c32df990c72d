import { realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative } from 'node:path';
import { isWithin, resolveInsideOrNull } from '../fs/containment.js';
import { INDEX_NAME, reservedIndexNameReason } from '../memory/durable/memoryIndex.js';
import { invisibleCharacters, memoryWriteRefusal } from '../memory/durable/memoryPathLint.js';
import { pathOf, type Permission, type PermissionGate, type ToolCall } from './permissions.js';

export interface ConsolidationGateOptions {
  /** The memory directory as the agent is told it: a path in it means the same file in the workspace. */
  readonly memoryDir: string;
  /** The copy of the memory directory the agent works in: the only place it writes. */
  readonly workspace: string;
  /** The project's session transcripts: searched with Grep, never read whole or listed. */
  readonly sessionsDir: string;
  /** The project's CLAUDE.md files: Read only. */
  readonly instructionFiles: readonly string[];
  /** Files of the memory directory, by name, never written or deleted (instruction files, files memlog cannot read). */
  readonly protectedFiles: readonly string[];
  /** Tools that name no path (the agent's report): allowed as they are. */
  readonly pathless?: readonly string[];
}

const READ_TOOLS: ReadonlySet<string> = new Set(['Read', 'Glob', 'Grep']);
const WRITE_TOOLS: ReadonlySet<string> = new Set(['Write', 'Edit', 'Delete']);
/** Instruction files by name: Claude Code's consolidation never edits them (2.1.332 spec §1). */
const INSTRUCTION_NAMES: ReadonlySet<string> = new Set(['claude.md', 'claude.local.md']);

const deny = (reason: string): Permission => ({ allow: false, reason });

const realOrNull = (path: string): Promise<string | null> => realpath(path).catch(() => null);

/**
 * The consolidation gate (Claude Code 2.1.332's dream, spec §1): the agent reads its copy of
 * the memory directory, the project's CLAUDE.md files, and the project's sessions through Grep
 * only; it writes and deletes only `.md` files at the top of its copy, never the index under
 * another spelling, never a CLAUDE.md, never a protected file, never the index by Delete. Paths
 * are compared as real paths (resolveInside), so no link or `..` spelling gets around a rule.
 */
export function consolidationGate(options: ConsolidationGateOptions): PermissionGate {
  const pathless = new Set(options.pathless ?? []);
  const redirect = (path: string): string =>
    isAbsolute(path) && isWithin(options.memoryDir, path) ? join(options.workspace, relative(options.memoryDir, path)) : path;

  async function writable(call: ToolCall, requested: string, resolved: string): Promise<Permission> {
    const name = basename(resolved);
    const shown = JSON.stringify(requested);
    if (dirname(resolved) !== (await realpath(options.workspace)))
      return deny(`consolidation writes only files at the top of the memory directory, not ${shown}`);
    if (!name.endsWith('.md') || name.startsWith('.')) return deny(`consolidation writes and deletes only .md memory files, not ${shown}`);
    for (const path of [requested, resolved]) {
      const reserved = reservedIndexNameReason(path);
      if (reserved !== null) return deny(`${JSON.stringify(basename(path))} ${reserved}`);
    }
    if (INSTRUCTION_NAMES.has(name.toLowerCase()) || options.protectedFiles.includes(name))
      return deny(`${name} is not a memory: consolidation never changes it (CLAUDE.md and files memlog cannot read are left as they are)`);
    if (call.name === 'Delete' && name === INDEX_NAME) return deny(`${INDEX_NAME} is rewritten, never deleted`);
    return { allow: true, path: resolved };
  }

  return {
    async check(call) {
      if (pathless.has(call.name)) return { allow: true, path: '' };
      const reads = READ_TOOLS.has(call.name);
      if (!reads && !WRITE_TOOLS.has(call.name)) return deny(`the ${call.name} tool is not available to consolidation`);
      const raw = pathOf(call);
      if (raw === undefined) return deny(`${call.name} needs a path`);
      const requested = redirect(raw);
      // Named here, before resolving refuses the path for a vaguer reason (spec-2.1.332 §3, write lint).
      if (!reads && invisibleCharacters(basename(raw)).length > 0) return deny(memoryWriteRefusal(basename(raw)) ?? 'refused');
      const own = await resolveInsideOrNull(options.workspace, requested);
      if (own !== null) return reads ? { allow: true, path: own } : writable(call, raw, own);
      if (!reads) return deny(`consolidation writes and deletes only inside the memory directory, not ${JSON.stringify(raw)}`);
      if (call.name === 'Read' && isAbsolute(requested)) {
        const real = await realOrNull(requested);
        for (const file of options.instructionFiles)
          if (real !== null && real === (await realOrNull(file))) return { allow: true, path: real };
      }
      const session = await resolveInsideOrNull(options.sessionsDir, requested);
      if (session !== null)
        return call.name === 'Grep'
          ? { allow: true, path: session }
          : deny('the session transcripts are searched with Grep (narrow patterns), never read whole or listed');
      return deny(
        `consolidation reads only the memory directory, the project's CLAUDE.md files and (with Grep) its sessions, not ${JSON.stringify(raw)}`,
      );
    },
  };
}
