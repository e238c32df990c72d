import type { ContextDiagnostic } from './contextDiagnostic.js';
import type { FileSource } from './fileSource.js';
import { readInstructionText } from './instructionText.js';
import { ancestorsDownTo, dirnameOf, extensionOf, isInsideDir, joinPath, resolvePath } from './posixPath.js';

/** Where an instruction file comes from; later kinds weigh more (long-term spec §6.1). */
export type InstructionKind = 'managed' | 'user' | 'project' | 'local';

export interface InstructionFile {
  readonly path: string;
  readonly kind: InstructionKind;
  readonly content: string;
  /** The file whose `@` reference brought this one in. */
  readonly includedFrom?: string;
}

export interface InstructionSources {
  /** The session's working directory. */
  readonly cwd: string;
  /** Claude's config directory (`~/.claude` or CLAUDE_CONFIG_DIR): user CLAUDE.md and rules. */
  readonly configDir: string;
  /** The managed-policy directory (`/etc/claude-code` on Linux); null to skip. */
  readonly managedDir: string | null;
  /** For `@~/…` references. */
  readonly home: string;
  /** Load `@` references that leave the working directory (Claude Code asks the user once). */
  readonly allowExternalIncludes?: boolean;
}

export interface InstructionLoad {
  readonly files: readonly InstructionFile[];
  /** Conditional rules (with `paths:` globs), not loaded eagerly: they apply when a matching file is read. */
  readonly conditional: readonly string[];
  readonly diagnostics: readonly ContextDiagnostic[];
}

/** Includes nest below the root file (depth 0) while the depth stays under 5 (spec §6.2). */
export const MAX_INCLUDE_DEPTH = 5;
/** Claude Code warns about instruction files over 40,000 characters, and still loads them. */
export const LARGE_INSTRUCTIONS_CHARS = 40_000;

const TEXT_EXTENSIONS = new Set(
  '.md .markdown .mdx .txt .text .rst .adoc .org .json .jsonc .json5 .yaml .yml .toml .ini .cfg .conf .env .xml .html .htm .css .scss .less .csv .tsv .sql .graphql .proto .sh .bash .zsh .fish .ps1 .bat .cmd .js .mjs .cjs .jsx .ts .mts .cts .tsx .py .pyi .rb .go .rs .java .kt .kts .scala .swift .c .h .cc .cpp .hpp .cs .fs .php .pl .lua .r .dart .ex .exs .erl .hs .ml .clj .vue .svelte .tf .gradle .cmake .make .mk .dockerfile .lock .log .gitignore .editorconfig'.split(
    ' ',
  ),
);

/**
 * The instruction files Claude Code loads up front, in its order (long-term spec §6.1): managed
 * CLAUDE.md and rules, the user's, then for each directory from the root down to the working
 * directory its CLAUDE.md, .claude/CLAUDE.md and unconditional .claude/rules, then its
 * CLAUDE.local.md. Each file is followed by what it `@`-references, depth first. Nothing here
 * throws: every file that cannot be used becomes a diagnostic.
 */
export function loadInstructionFiles(source: FileSource, sources: InstructionSources): InstructionLoad {
  const files: InstructionFile[] = [];
  const conditional: string[] = [];
  const diagnostics: ContextDiagnostic[] = [];
  const processed = new Set<string>();

  const note = (code: ContextDiagnostic['code'], path: string, message: string) => diagnostics.push({ code, path, message });

  /** Loads one file and, after it, its references; `stack` holds the real paths of the includers. */
  const visit = (path: string, kind: InstructionKind, depth: number, stack: readonly string[], includedFrom?: string): void => {
    if (depth >= MAX_INCLUDE_DEPTH) {
      note(
        'import_depth',
        path,
        `not loaded: @-references nest at most ${MAX_INCLUDE_DEPTH - 1} levels below a CLAUDE.md (referenced from ${includedFrom ?? '?'})`,
      );
      return;
    }
    const real = source.realPath(path);
    if (includedFrom !== undefined && real !== null && stack.includes(real)) {
      note('import_cycle', path, `not loaded again: ${includedFrom} references it while it is being loaded (a cycle)`);
      return;
    }
    if (processed.has(path) || (real !== null && processed.has(real))) return;
    if (includedFrom !== undefined && !TEXT_EXTENSIONS.has(extensionOf(path)) && extensionOf(path) !== '') {
      note('import_not_text', path, `not loaded: ${includedFrom} references a file that is not a text file`);
      return;
    }
    const read = source.read(path);
    if (!read.ok) {
      if (read.reason === 'missing') {
        if (includedFrom !== undefined) note('import_missing', path, `${includedFrom} references a file that does not exist`);
      } else if (read.reason !== 'directory' || includedFrom !== undefined) {
        note(
          read.reason === 'too_large' ? 'too_large' : read.reason === 'not_text' ? 'not_text' : 'unreadable',
          path,
          `not loaded: ${describe(read.reason)}${read.detail === undefined ? '' : ` (${read.detail})`}`,
        );
      }
      return;
    }
    processed.add(path);
    processed.add(read.realPath);
    const parsed = readInstructionText(read.text);
    if (parsed.frontmatterProblem !== undefined) note('bad_frontmatter', path, parsed.frontmatterProblem);
    if (parsed.globs !== undefined && includedFrom === undefined && isRule(path)) {
      conditional.push(path);
      return;
    }
    if (read.text.length > LARGE_INSTRUCTIONS_CHARS)
      note(
        'large_instructions',
        path,
        `${read.text.length} characters: over ${LARGE_INSTRUCTIONS_CHARS}, it costs context on every request`,
      );
    if (parsed.content.trim() !== '')
      files.push({ path, kind, content: parsed.content, ...(includedFrom === undefined ? {} : { includedFrom: includedFrom }) });
    const baseDir = dirnameOf(read.realPath);
    for (const ref of parsed.imports) {
      const target = ref.startsWith('~/') ? joinPath(sources.home, ref.slice(2)) : resolvePath(baseDir, ref);
      // Where the reference leads, not how it is written: a link inside the working directory may point out of it.
      const leadsTo = source.realPath(target) ?? target;
      if (
        kind !== 'user' &&
        sources.allowExternalIncludes !== true &&
        (!isInsideDir(target, sources.cwd) || !isInsideDir(leadsTo, source.realPath(sources.cwd) ?? sources.cwd))
      ) {
        note(
          'import_external',
          target,
          `not loaded: ${path} references a file outside the working directory (Claude Code loads those only after the user approves)`,
        );
        continue;
      }
      visit(target, kind, depth + 1, [...stack, read.realPath], path);
    }
  };

  const visitRules = (dir: string, kind: InstructionKind) => {
    for (const rule of source.listMarkdown(dir)) visit(rule, kind, 0, []);
  };

  if (sources.managedDir !== null) {
    visit(joinPath(sources.managedDir, 'CLAUDE.md'), 'managed', 0, []);
    visitRules(joinPath(sources.managedDir, '.claude', 'rules'), 'managed');
  }
  visit(joinPath(sources.configDir, 'CLAUDE.md'), 'user', 0, []);
  visitRules(joinPath(sources.configDir, 'rules'), 'user');
  for (const dir of ancestorsDownTo(sources.cwd)) {
    visit(joinPath(dir, 'CLAUDE.md'), 'project', 0, []);
    visit(joinPath(dir, '.claude', 'CLAUDE.md'), 'project', 0, []);
    visitRules(joinPath(dir, '.claude', 'rules'), 'project');
    visit(joinPath(dir, 'CLAUDE.local.md'), 'local', 0, []);
  }
  return { files, conditional, diagnostics };
}

/**
 * The instruction files a read of `target` brings in (spec §6.3): for each directory below the
 * working directory down to the target's, its CLAUDE.md, .claude/CLAUDE.md, CLAUDE.local.md and
 * unconditional rules, skipping what is already loaded. `loaded` is updated.
 */
export function nestedInstructionFiles(source: FileSource, cwd: string, target: string, loaded: Set<string>): InstructionLoad {
  if (!isInsideDir(target, cwd)) return { files: [], conditional: [], diagnostics: [] };
  const dirs = ancestorsDownTo(dirnameOf(target)).filter((dir) => isInsideDir(dir, cwd) && dir !== cwd);
  const files: InstructionFile[] = [];
  const diagnostics: ContextDiagnostic[] = [];
  const candidates = dirs.flatMap((dir) => [
    { path: joinPath(dir, 'CLAUDE.md'), kind: 'project' as const },
    { path: joinPath(dir, '.claude', 'CLAUDE.md'), kind: 'project' as const },
    { path: joinPath(dir, 'CLAUDE.local.md'), kind: 'local' as const },
    ...source.listMarkdown(joinPath(dir, '.claude', 'rules')).map((path) => ({ path, kind: 'project' as const })),
  ]);
  for (const { path, kind } of candidates) {
    if (loaded.has(path)) continue;
    const read = source.read(path);
    if (!read.ok) {
      if (read.reason !== 'missing' && read.reason !== 'directory')
        diagnostics.push({
          code: read.reason === 'too_large' ? 'too_large' : read.reason === 'not_text' ? 'not_text' : 'unreadable',
          path,
          message: `not loaded: ${describe(read.reason)}`,
        });
      continue;
    }
    loaded.add(path);
    const parsed = readInstructionText(read.text);
    if (parsed.globs !== undefined) continue; // Conditional rules need glob matching against the target: not done (docs/pending-issue-8.md).
    if (parsed.content.trim() !== '') files.push({ path, kind, content: parsed.content });
  }
  return { files, conditional: [], diagnostics };
}

function isRule(path: string): boolean {
  return path.includes('/.claude/rules/') || /\/rules\/[^/]+/.test(path);
}

function describe(reason: 'missing' | 'directory' | 'too_large' | 'not_text' | 'unreadable'): string {
  switch (reason) {
    case 'missing':
      return 'it does not exist';
    case 'directory':
      return 'it is a directory';
    case 'too_large':
      return 'it is over 1 MiB';
    case 'not_text':
      return 'it is not UTF-8 text';
    case 'unreadable':
      return 'it cannot be read';
  }
}
