/**
 * Where a path of the author's machine starts: a home directory (macOS, Linux, root's), a system folder a session's files
 * live under (temp, var, mounted volumes), or a Windows drive. A path relative to the repository ("src/cli/main.ts") or
 * to the home directory ("~/Projects") names no user and reads the same on every clone, so it is not one.
 */
const MACHINE_ROOT = String.raw`(?:/(?:Users|home|root|tmp|var|private|opt|mnt|Volumes|media|srv)/|[A-Za-z]:[\\/])`;

/** A machine path as typed in a sentence: from its root to the first space, quote or bracket that ends it. */
const MACHINE_PATH = new RegExp(String.raw`(?<![\w.~/\\-])${MACHINE_ROOT}[^\s"'\`<>()\[\]{},;]*`, 'g');

/** Punctuation a sentence put after a path, not part of it. */
const TRAILING = /[.:!?]+$/;

/**
 * A text with every path of the author's machine reduced to its last segment, the file or folder it names
 * (decision 120, amended 2026-12-07): "I don't like this re-export: /Users/ann/work/app/src/bin/flags.ts." reads "…:
 * flags.ts.". The folders above it are the machine's layout: they name a user and say nothing a later session can use.
 * A path that is only a root ("/tmp/") goes whole.
 */
export function withoutMachinePaths(text: string): string {
  return text.replace(MACHINE_PATH, (path) => {
    const after = TRAILING.exec(path)?.[0] ?? '';
    const segments = path
      .slice(0, path.length - after.length)
      .split(/[\\/]/)
      .filter(Boolean);
    // The root's own segments and, under a home root, the user's name: a path that ends there names nothing but them.
    const rootLength = /^[A-Za-z]:$/.test(segments[0] ?? '')
      ? /^users$/i.test(segments[1] ?? '')
        ? 3
        : 1
      : HOMES.test(segments[0] ?? '')
        ? 2
        : 1;
    return `${segments.length > rootLength ? (segments.at(-1) ?? '') : ''}${after}`;
  });
}

/** The roots under which a path's next segment is a user's name. */
const HOMES = /^(?:Users|home)$/;
