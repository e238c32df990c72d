import type { lintSource } from '@secretlint/core';
import type { SecretLintCoreConfig } from '@secretlint/types';
import { MEMLOG_SECRET_RULES } from './memlogRules.js';
import { forgetSecretlintProfile } from './secretlintProfiler.js';

/**
 * One secret found in a text: which rule, where. Never the matched value: a finding is printed,
 * logged and sent in reports, and must not become the leak it warns about.
 */
export interface SecretFinding {
  /** `secretlint/<rule>` for the preset's rules, the spec's kebab-case id for memlog's own. */
  readonly ruleId: string;
  readonly label: string;
  /** 1-based line of the match's start. */
  readonly line: number;
  /** 1-based column of the match's start. */
  readonly column: number;
  /** The file, when the caller named one. */
  readonly file?: string;
}

interface Secretlint {
  readonly lintSource: typeof lintSource;
  readonly config: SecretLintCoreConfig;
}

let secretlint: Promise<Secretlint> | undefined;

/** secretlint and its preset are loaded on first use: most commands never scan, and the preset is large. */
function loadSecretlint(): Promise<Secretlint> {
  secretlint ??= Promise.all([import('@secretlint/core'), import('@secretlint/secretlint-rule-preset-recommend')]).then(
    ([core, preset]) => ({
      lintSource: core.lintSource,
      config: { rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: preset.creator }] },
    }),
  );
  return secretlint;
}

const PRESET_PREFIX = '@secretlint/secretlint-rule-';

/**
 * Preset rules whose findings are dropped because one of memlog's rules finds all they find and
 * more, so a secret is reported once. (The preset cannot switch one of its rules off: secretlint
 * ignores `disabled` on a preset's rule.)
 */
const SUPERSEDED = new Set([`${PRESET_PREFIX}privatekey`]);

/**
 * The preset honours `secretlint-disable` comments inside the scanned text, and it cannot be told
 * not to. Text that memlog is about to share must not be able to switch its own scan off, so the
 * directives are defused first; same length, so lines and columns stay put.
 */
function defuseDirectives(text: string): string {
  return text.replace(/secretlint-(?=(?:disable|enable))/gi, 'secretlint_');
}

let scans: Promise<unknown> = Promise.resolve();

/**
 * Every secret in a text: secretlint's recommended preset plus memlog's rules for the families
 * it misses (src/secrets/memlogRules.ts). Sorted by position; one finding per rule and position.
 */
export async function scanForSecrets(text: string, file?: string): Promise<SecretFinding[]> {
  const where = file === undefined ? {} : { file };
  const { lintSource, config } = await loadSecretlint();
  // One secretlint run at a time in a process: its profiler is a process-wide singleton whose
  // marks are named by file, and emptying it (below) while another run of the same name is
  // between its marks made that run throw. A scan takes about a millisecond.
  const run = scans.then(async () => {
    const linted = await lintSource({
      source: { content: defuseDirectives(text), filePath: file ?? 'memory.md', ext: '.md', contentType: 'text' },
      options: { config, maskSecrets: true, noPhysicFilePath: true },
    });
    await forgetSecretlintProfile();
    return linted;
  });
  scans = run.catch(() => undefined);
  const result = await run;
  const findings: SecretFinding[] = result.messages
    .filter((message) => !SUPERSEDED.has(message.ruleId))
    .map((message) => {
      const short = message.ruleId.startsWith(PRESET_PREFIX) ? message.ruleId.slice(PRESET_PREFIX.length) : message.ruleId;
      return {
        ruleId: `secretlint/${short}`,
        label: labelOf(message.messageId ?? short),
        line: message.loc.start.line,
        column: message.loc.start.column + 1,
        ...where,
      };
    });
  findings.push(...scanWithMemlogRules(text).map((finding) => ({ ...finding, ...where })));
  const seen = new Set<string>();
  return findings
    .sort((a, b) => a.line - b.line || a.column - b.column || a.ruleId.localeCompare(b.ruleId))
    .filter((f) => {
      const key = `${f.ruleId}:${f.line}:${f.column}`;
      return seen.has(key) ? false : (seen.add(key), true);
    });
}

/** Where a secret is in a text, by UTF-16 index [start, end): for redaction, never printed. */
export interface SecretSpan {
  readonly ruleId: string;
  readonly start: number;
  readonly end: number;
}

/** The spans of every secret the scan finds (the preset and memlog's rules), unsorted, possibly overlapping. */
export async function findSecretSpans(text: string): Promise<SecretSpan[]> {
  const { lintSource, config } = await loadSecretlint();
  const run = scans.then(async () => {
    const linted = await lintSource({
      source: { content: defuseDirectives(text), filePath: 'transcript.txt', ext: '.txt', contentType: 'text' },
      options: { config, maskSecrets: true, noPhysicFilePath: true },
    });
    await forgetSecretlintProfile();
    return linted;
  });
  scans = run.catch(() => undefined);
  const spans: SecretSpan[] = (await run).messages.map((message) => {
    const short = message.ruleId.startsWith(PRESET_PREFIX) ? message.ruleId.slice(PRESET_PREFIX.length) : message.ruleId;
    return { ruleId: `secretlint/${short}`, start: message.range[0], end: message.range[1] };
  });
  for (const rule of MEMLOG_SECRET_RULES)
    for (const match of text.matchAll(rule.pattern))
      if (rule.confirm === undefined || rule.confirm(match))
        spans.push({ ruleId: rule.id, start: match.index, end: match.index + match[0].length });
  return spans;
}

/** memlog's own rules alone: synchronous, for callers that cannot wait. */
export function scanWithMemlogRules(text: string): SecretFinding[] {
  const starts = lineStarts(text);
  const out: SecretFinding[] = [];
  for (const rule of MEMLOG_SECRET_RULES) {
    for (const match of text.matchAll(rule.pattern)) {
      if (rule.confirm !== undefined && !rule.confirm(match)) continue;
      const { line, column } = position(starts, match.index);
      out.push({ ruleId: rule.id, label: rule.label, line, column });
    }
  }
  return out;
}

/** `GITHUB_TOKEN` → `GitHub token`-ish: readable, stable, and made only from the rule's message id. */
function labelOf(messageId: string): string {
  const words = messageId.includes('_') ? messageId.split('_') : messageId.split(/(?<=[a-z])(?=[A-Z])/);
  return words.map((w, i) => (i === 0 ? w : w.toLowerCase())).join(' ');
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function position(starts: readonly number[], index: number): { line: number; column: number } {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((starts[mid] ?? 0) <= index) low = mid;
    else high = mid - 1;
  }
  return { line: low + 1, column: index - (starts[low] ?? 0) + 1 };
}

/** One line for a person: file, line, rule. */
export function formatFinding(finding: SecretFinding): string {
  return `${finding.file === undefined ? '' : `${finding.file}:`}${finding.line}: ${finding.label} (${finding.ruleId})`;
}
