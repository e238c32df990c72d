import type { ContextDiagnostic } from './contextDiagnostic.js';
import type { FileRead, FileSource } from './fileSource.js';
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
  const loader = new InstructionLoader(source, sources);
  if (sources.managedDir !== null) {
    loader.visit(joinPath(sources.managedDir, 'CLAUDE.md'), 'managed');
    loader.visitRules(joinPath(sources.managedDir, '.claude', 'rules'), 'managed');
  }
  loader.visit(joinPath(sources.configDir, 'CLAUDE.md'), 'user');
  loader.visitRules(joinPath(sources.configDir, 'rules'), 'user');
  for (const dir of ancestorsDownTo(sources.cwd)) {
    loader.visit(joinPath(dir, 'CLAUDE.md'), 'project');
    loader.visit(joinPath(dir, '.claude', 'CLAUDE.md'), 'project');
    loader.visitRules(joinPath(dir, '.claude', 'rules'), 'project');
    loader.visit(joinPath(dir, 'CLAUDE.local.md'), 'local');
  }
  return { files: loader.files, conditional: loader.conditional, diagnostics: loader.diagnostics };
}

type UnreadFile = Extract<FileRead, { ok: false }>;

/** Where a referenced file sits among the loads: how deep, the real paths of its includers, and the one that named it. */
interface Inclusion {
  readonly depth: number;
  readonly stack: readonly string[];
  readonly includedFrom?: string;
}

const ROOT: Inclusion = { depth: 0, stack: [] };

/** The files, conditional rules and diagnostics of `loadInstructionFiles`, gathered one file at a time. */
class InstructionLoader {
  readonly files: InstructionFile[] = [];
  readonly conditional: string[] = [];
  readonly diagnostics: ContextDiagnostic[] = [];
  private readonly processed = new Set<string>();

  constructor(
    private readonly source: FileSource,
    private readonly sources: InstructionSources,
  ) {}

  visitRules(dir: string, kind: InstructionKind): void {
    for (const rule of this.source.listMarkdown(dir)) this.visit(rule, kind);
  }

  /** Loads one file and, after it, its references. */
  visit(path: string, kind: InstructionKind, inclusion: Inclusion = ROOT): void {
    if (!this.admits(path, inclusion)) return;
    const { includedFrom } = inclusion;
    const read = this.source.read(path);
    if (!read.ok) {
      this.noteUnread(path, read, includedFrom);
      return;
    }
    this.processed.add(path);
    this.processed.add(read.realPath);
    const parsed = readInstructionText(read.text);
    if (parsed.frontmatterProblem !== undefined) this.note('bad_frontmatter', path, parsed.frontmatterProblem);
    if (parsed.globs !== undefined && includedFrom === undefined && isRule(path)) {
      this.conditional.push(path);
      return;
    }
    if (read.text.length > LARGE_INSTRUCTIONS_CHARS)
      this.note(
        'large_instructions',
        path,
        `${read.text.length} characters: over ${LARGE_INSTRUCTIONS_CHARS}, it costs context on every request`,
      );
    if (parsed.content.trim() !== '')
      this.files.push({ path, kind, content: parsed.content, ...(includedFrom === undefined ? {} : { includedFrom: includedFrom }) });
    const below: Inclusion = { depth: inclusion.depth + 1, stack: [...inclusion.stack, read.realPath], includedFrom: path };
    for (const ref of parsed.imports) this.visitReference(ref, dirnameOf(read.realPath), kind, below);
  }

  private visitReference(ref: string, baseDir: string, kind: InstructionKind, inclusion: Inclusion): void {
    const target = ref.startsWith('~/') ? joinPath(this.sources.home, ref.slice(2)) : resolvePath(baseDir, ref);
    if (kind !== 'user' && this.sources.allowExternalIncludes !== true && this.leavesCwd(target)) {
      this.note(
        'import_external',
        target,
        `not loaded: ${inclusion.includedFrom ?? '?'} references a file outside the working directory (Claude Code loads those only after the user approves)`,
      );
      return;
    }
    this.visit(target, kind, inclusion);
  }

  /** Where the reference leads, not how it is written: a link inside the working directory may point out of it. */
  private leavesCwd(target: string): boolean {
    const leadsTo = this.source.realPath(target) ?? target;
    const cwd = this.sources.cwd;
    return !isInsideDir(target, cwd) || !isInsideDir(leadsTo, this.source.realPath(cwd) ?? cwd);
  }

  /** Whether a file is to be read: not too deep, not its own includer, not read already, text. */
  private admits(path: string, { depth, stack, includedFrom }: Inclusion): boolean {
    if (depth >= MAX_INCLUDE_DEPTH) {
      this.note(
        'import_depth',
        path,
        `not loaded: @-references nest at most ${MAX_INCLUDE_DEPTH - 1} levels below a CLAUDE.md (referenced from ${includedFrom ?? '?'})`,
      );
      return false;
    }
    const real = this.source.realPath(path);
    if (includedFrom !== undefined && real !== null && stack.includes(real)) {
      this.note('import_cycle', path, `not loaded again: ${includedFrom} references it while it is being loaded (a cycle)`);
      return false;
    }
    if (this.processed.has(path) || (real !== null && this.processed.has(real))) return false;
    if (includedFrom !== undefined && !TEXT_EXTENSIONS.has(extensionOf(path)) && extensionOf(path) !== '') {
      this.note('import_not_text', path, `not loaded: ${includedFrom} references a file that is not a text file`);
      return false;
    }
    return true;
  }

  /** A missing root file is no news; a missing reference, and anything unreadable, is. */
  private noteUnread(path: string, read: UnreadFile, includedFrom: string | undefined): void {
    if (read.reason === 'missing') {
      if (includedFrom !== undefined) this.note('import_missing', path, `${includedFrom} references a file that does not exist`);
      return;
    }
    if (read.reason === 'directory' && includedFrom === undefined) return;
    const detail = read.detail === undefined ? '' : ` (${read.detail})`;
    this.note(unreadCode(read.reason), path, `not loaded: ${describe(read.reason)}${detail}`);
  }

  private note(code: ContextDiagnostic['code'], path: string, message: string): void {
    this.diagnostics.push({ code, path, message });
  }
}

function unreadCode(reason: UnreadFile['reason']): 'too_large' | 'not_text' | 'unreadable' {
  return reason === 'too_large' ? 'too_large' : reason === 'not_text' ? 'not_text' : 'unreadable';
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
          code: unreadCode(read.reason),
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
