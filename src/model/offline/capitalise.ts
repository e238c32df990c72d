/**
 * Commands, packages and tools people write in lower case, which a sentence start does not capitalise ("pnpm is what
 * we use", never "Pnpm…"; decision 120). Listed by kind of tool; "bun" and "git" are words too, but a memory that
 * opens on one names the tool.
 */
const LOWER_CASE_NAMES = new Set(
  [
    // package managers and runtimes
    'npm npx pnpm pnpx yarn bun bunx deno uv uvx pip pipx pipenv conda rustup cargo nvm fnm volta brew tsx tsc',
    // version control and forges' CLIs
    'git gh glab hg svn',
    // containers, clusters and infrastructure
    'docker podman kubectl kubectx minikube helm terraform pulumi ansible wrangler flyctl vercel netlify',
    // build, test, lint and format tools
    'vite vitest jest pytest tox nox mypy pyright ruff eslint tslint prettier biome esbuild webpack rollup tsup swc nx turborepo',
    // databases and shells
    'psql sqlite mongosh bash zsh tmux ssh rsync curl wget jq yq grep sed awk',
  ].flatMap((kind) => kind.split(' ')),
);

/** A mark a name has inside it and an ordinary word does not: a dot, slash, dash, underscore, @ or digit ("package.json", "k8s"). */
const NAME_MARK = /[\p{L}\p{N}][./_@-][\p{L}\p{N}]|\p{N}/u;

/**
 * Whether a sentence's first word is a name written in lower case, which keeps its case: a listed command or tool, or a
 * word with a name's mark inside (decision 120). A word typed in backticks is one too; the caller that strips backticks
 * restores it (`memoryTitle.ts`).
 */
export function isLowerCaseName(word: string): boolean {
  const bare = word.replace(/[,;:!?)\]"'.]+$/u, '');
  if (!/^\p{Ll}/u.test(bare)) return false;
  return LOWER_CASE_NAMES.has(bare) || NAME_MARK.test(bare);
}

/**
 * The text with its first letter in upper case, as a sentence starts, unless its first word is a name written in lower
 * case ("pnpm", "kubectl", "package.json"): a name keeps the case it was typed in (decision 120).
 */
export function capitalise(text: string): string {
  if (isLowerCaseName(/^\S*/u.exec(text)?.[0] ?? '')) return text;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
