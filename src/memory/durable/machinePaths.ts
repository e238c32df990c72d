/**
 * Where an absolute path of the author's machine starts: a root folder on Unix ("/var/", "/Users/") or a Windows drive.
 * A path relative to the repository ("src/cli/main.ts") or to the home directory ("~/Projects") is not one, nor is an
 * absolute path under a root no machine has ("/api/users").
 */
const MACHINE_ROOT = String.raw`(?:/(?:Users|home|root|tmp|var|private|opt|mnt|Volumes|media|srv)/|[A-Za-z]:[\\/])`;

/** A machine path as typed in a sentence: from its root to the first space, quote or bracket that ends it. */
const MACHINE_PATH = new RegExp(String.raw`(?<![\w.~/\\-])${MACHINE_ROOT}[^\s"'\`<>()\[\]{},;]*`, 'g');

/** Punctuation a sentence put after a path, not part of it. */
const TRAILING = /[.:!?]+$/;

/** A home folder's root and the user's name under it: "/Users/ann", "/home/bob", "C:\Users\ann". */
const HOME = /^(?:\/(?:Users|home)\/|[A-Za-z]:\\Users\\|[A-Za-z]:\/Users\/)[^\\/]+/i;

/** The roots of a temp folder the system or a program made, whose next segments are generated names. */
const TEMP_ROOT = /^(?:\/private)?(?:\/var\/folders|\/tmp)(?=\/)/;

/**
 * A folder name a program generated, not a person: macOS's per-user temp folders under /var/folders ("zz", a hash), or
 * a name made by mktemp or mkdtemp, a prefix ending in "tmp", ".", "-" or "_" then six or more characters of which a digit
 * or a capital shows they were drawn at random ("tmp.k2J9sd", "vitest-a8Fz3q", "tmpx8k2j1ab"). "run-3" or "my-project"
 * is a name someone chose and stays.
 */
const GENERATED = /^[\w.-]*?(?:tmp|[._-])(?=\w*[\dA-Z])\w{6,}$/;

/**
 * A text whose machine paths name no user (decision 120, amended 2026-12-07, review 19): a home folder's root and the
 * user's name become "~" ("/Users/ann/code/app/flags.ts" reads "~/code/app/flags.ts"), and the generated folders of a
 * temp path become "…" ("/tmp/tmp.k2J9sd/fixture.json" reads "/tmp/…/fixture.json"). Every other path is kept as
 * written: "/var/log/shop/" or "/opt/homebrew/bin/node" names no one and is often the very thing the memory says.
 */
export function withoutMachinePaths(text: string): string {
  return text.replace(MACHINE_PATH, (written) => {
    const after = TRAILING.exec(written)?.[0] ?? '';
    const path = written.slice(0, written.length - after.length);
    return `${withoutUser(path)}${after}`;
  });
}

/** The path with its user's name, or its generated temp folders, left out; any other path as it is. */
function withoutUser(path: string): string {
  const home = HOME.exec(path);
  if (home) return `~${path.slice(home[0].length)}`;
  const root = TEMP_ROOT.exec(path)?.[0];
  return root === undefined ? path : root + withoutGenerated(path.slice(root.length), root.endsWith('/var/folders'));
}

/**
 * The rest of a temp path ("/zz/x8h2/T/a.ts") with each run of generated folders as one "…". Under /var/folders the
 * first two folders are always generated; below them, and under /tmp, a folder is when its name looks drawn at random.
 */
function withoutGenerated(rest: string, underFolders: boolean): string {
  const segments = rest.split('/');
  const generated = (segment: string, index: number): boolean =>
    (underFolders && (index === 1 || index === 2)) || (index > 0 && GENERATED.test(segment));
  return segments
    .map((segment, index) => (generated(segment, index) ? '…' : segment))
    .filter((segment, index, all) => segment !== '…' || all[index - 1] !== '…')
    .join('/');
}
