import { isWithin, resolveInsideOrNull } from '../fs/containment.js';
import { reservedIndexNameReason } from '../memory/durable/memoryIndex.js';
import { invisibleCharacters, memoryWriteRefusal } from '../memory/durable/memoryPathLint.js';
import { realpath } from 'node:fs/promises';
import { dirname, isAbsolute, relative } from 'node:path';

/** A tool call as the model asked for it. */
export interface ToolCall {
  readonly id: string;
  readonly name: string;
  readonly input: Readonly<Record<string, unknown>>;
}

/** The gate's verdict; an allowed call carries the real path it may touch. */
export type Permission = { readonly allow: true; readonly path: string } | { readonly allow: false; readonly reason: string };

/** Decides, before anything runs, whether a tool call may touch the disk, and where. */
export interface PermissionGate {
  check(call: ToolCall): Promise<Permission>;
}

const READ_TOOLS = new Set(['Read', 'Glob', 'Grep']);
const WRITE_TOOLS = new Set(['Write', 'Edit']);

/** The path a file tool names: `file_path` for Read/Write/Edit, `path` for Glob/Grep. */
export function pathOf(call: ToolCall): string | undefined {
  const value = call.name === 'Glob' || call.name === 'Grep' ? (call.input['path'] ?? '.') : call.input['file_path'];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The session-notes gate (spec §4.4): only Edit, and only on the one notes file (compared on
 * real paths, so no link or `..` spelling gets around it).
 */
export function editOnlyGate(notesFile: string): PermissionGate {
  return {
    async check(call) {
      if (call.name !== 'Edit') return { allow: false, reason: `only Edit on the session notes file is allowed here, not ${call.name}` };
      const requested = pathOf(call);
      if (requested === undefined) return { allow: false, reason: 'Edit needs a file_path' };
      const target = await realpath(notesFile).catch(() => notesFile);
      const dir = await realpath(dirname(notesFile)).catch(() => '');
      const resolved = dir === '' ? null : await resolveInsideOrNull(dir, requested);
      if (resolved !== target)
        return { allow: false, reason: `only the session notes file may be edited, not ${JSON.stringify(requested)}` };
      return { allow: true, path: target };
    },
  };
}

/** Why a write may not go to this path because of its name (requested, or reached through a link), or null. */
function reservedName(requested: string, resolved: string): string | null {
  for (const path of [requested, resolved]) {
    const reason = reservedIndexNameReason(path);
    if (reason !== null) return `${JSON.stringify(path.split(/[\\/]/).at(-1))} ${reason}; give the memory a file name of its own`;
  }
  return null;
}

/**
 * Claude Code 2.1.332's write lint (memoryPathLint.ts) on the path inside the memory directory:
 * no hidden characters (checked on the path as asked for, before resolving refuses it for a
 * vaguer reason), Markdown only, no protected folder or dot-folder.
 */
function lintAsked(root: string, requested: string): string | null {
  const inner = isAbsolute(requested) && isWithin(root, requested) ? relative(root, requested) : requested;
  return invisibleCharacters(inner).length > 0 ? memoryWriteRefusal(inner) : null;
}

async function lintResolved(root: string, resolved: string): Promise<string | null> {
  return memoryWriteRefusal(relative(await realpath(root).catch(() => root), resolved));
}

/**
 * The durable-memory gate (long-term spec §3.4): Read, Glob and Grep inside the project or the
 * memory directory; Write and Edit inside the memory directory only, never to a spelling of the
 * index name other than MEMORY.md itself nor to a path the write lint refuses; every other tool denied.
 */
export function memoryGate(options: { readonly readRoots: readonly string[]; readonly writeRoot: string }): PermissionGate {
  return {
    async check(call) {
      const requested = pathOf(call);
      if (READ_TOOLS.has(call.name) || WRITE_TOOLS.has(call.name)) {
        if (requested === undefined) return { allow: false, reason: `${call.name} needs a path` };
        const hidden = WRITE_TOOLS.has(call.name) ? lintAsked(options.writeRoot, requested) : null;
        if (hidden !== null) return { allow: false, reason: hidden };
        const roots = WRITE_TOOLS.has(call.name) ? [options.writeRoot] : [...options.readRoots, options.writeRoot];
        for (const root of roots) {
          const resolved = await resolveInsideOrNull(root, requested);
          if (resolved === null) continue;
          const reserved = WRITE_TOOLS.has(call.name) ? (reservedName(requested, resolved) ?? (await lintResolved(root, resolved))) : null;
          return reserved === null ? { allow: true, path: resolved } : { allow: false, reason: reserved };
        }
        return {
          allow: false,
          reason: WRITE_TOOLS.has(call.name)
            ? `writes are allowed only inside the memory directory, not ${JSON.stringify(requested)}`
            : `reads are allowed only inside the project and memory directories, not ${JSON.stringify(requested)}`,
        };
      }
      return { allow: false, reason: `the ${call.name} tool is not available to memory extraction` };
    },
  };
}
