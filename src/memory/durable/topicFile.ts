import { elementAt } from '../../errors.js';
import { stringify } from 'yaml';
import { z } from 'zod';
import { parseFrontmatterYaml, type FrontmatterProblem } from './frontmatterYaml.js';
import { hookBeyondTitle } from './hookBeyondTitle.js';
import { INDEX_LINE_TARGET } from './memoryIndex.js';

export const MEMORY_TYPES = ['user', 'feedback', 'project', 'reference'] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];

/** `metadata`: what current Claude Code writes (type under `metadata:`); `flat`: the older `type:` at the top. */
export type FrontmatterForm = 'metadata' | 'flat';

/** A topic file: one memory, its frontmatter and its body. */
export interface TopicFile {
  readonly name: string;
  readonly description: string;
  readonly type: MemoryType;
  readonly body: string;
  /** The session the memory came from (recorded by its first write, kept by later ones). */
  readonly originSessionId?: string;
  /** ISO time of the last write. */
  readonly modified?: string;
  /** Frontmatter fields memlog does not know, kept as they were. */
  readonly extra?: Readonly<Record<string, unknown>>;
  /** Fields under `metadata:` memlog does not know (besides `node_type`), kept as they were. */
  readonly metadataExtra?: Readonly<Record<string, unknown>>;
}

const MemoryTypeSchema = z.enum(MEMORY_TYPES);
const Frontmatter = z.looseObject({
  name: z.string().optional(),
  description: z.string().optional(),
  type: z.string().optional(),
  metadata: z
    .looseObject({ type: z.string().optional(), originSessionId: z.string().optional(), modified: z.string().optional() })
    .optional(),
});

const FRONTMATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/;

export type TopicFileParse =
  { readonly ok: true; readonly file: TopicFile; readonly form: FrontmatterForm } | { readonly ok: false; readonly reason: string };

/** Reads a topic file in either frontmatter form; a file memlog cannot read says why. */
export function parseTopicFile(text: string, fallbackName: string): TopicFileParse {
  const match = FRONTMATTER.exec(text);
  if (!match) return { ok: false, reason: 'no frontmatter block (--- … ---) at the top' };
  const yaml = parseFrontmatterYaml(elementAt(match, 1, 'frontmatter'));
  if (!yaml.ok) return { ok: false, reason: `frontmatter is not valid YAML: ${yaml.reason}` };
  const fields = Frontmatter.safeParse(yaml.data ?? {});
  if (!fields.success)
    return {
      ok: false,
      reason: `frontmatter has the wrong shape: ${fields.error.issues[0]?.path.join('.') ?? ''} ${fields.error.issues[0]?.message ?? ''}`,
    };
  const { name, description, type: flatType, metadata, ...extra } = fields.data;
  const { type: _type, originSessionId: _origin, modified: _modified, node_type: _node, ...metadataExtra } = metadata ?? {};
  const form: FrontmatterForm = metadata?.type !== undefined ? 'metadata' : 'flat';
  const type = MemoryTypeSchema.safeParse(metadata?.type ?? flatType);
  if (!type.success)
    return {
      ok: false,
      reason: `type must be one of ${MEMORY_TYPES.join(', ')}, not ${JSON.stringify(metadata?.type ?? flatType ?? null)}`,
    };
  if (description === undefined || description.trim() === '') return { ok: false, reason: 'description is missing' };
  return {
    ok: true,
    form,
    file: {
      name: name ?? fallbackName,
      description,
      type: type.data,
      body: text.slice(match[0].length).replace(/^\r?\n/, ''),
      ...(metadata?.originSessionId === undefined ? {} : { originSessionId: metadata.originSessionId }),
      ...(metadata?.modified === undefined ? {} : { modified: metadata.modified }),
      ...(Object.keys(extra).length === 0 ? {} : { extra }),
      ...(Object.keys(metadataExtra).length === 0 ? {} : { metadataExtra }),
    },
  };
}

/** Writes a topic file in the chosen frontmatter form. */
export function renderTopicFile(file: TopicFile, form: FrontmatterForm = 'metadata'): string {
  const head: Record<string, unknown> =
    form === 'metadata'
      ? {
          name: file.name,
          description: file.description,
          ...file.extra,
          metadata: {
            node_type: 'memory',
            ...file.metadataExtra,
            type: file.type,
            ...(file.originSessionId === undefined ? {} : { originSessionId: file.originSessionId }),
            ...(file.modified === undefined ? {} : { modified: file.modified }),
          },
        }
      : { name: file.name, description: file.description, type: file.type, ...file.extra };
  const body = file.body.trimEnd();
  return `---\n${stringify(head, { lineWidth: 0 })}---\n${body === '' ? '' : `\n${body}\n`}`;
}

/** One MEMORY.md line: `- [Title](file.md) — hook`. */
export function indexLine(title: string, filename: string, hook: string): string {
  // One line whatever the title holds: a newline in it would add lines to the index.
  const shown = title.replace(/[[\]]/g, '').replace(/\s+/g, ' ').trim();
  const said = hook.replace(/\s+/g, ' ').trim();
  const line = `- [${shown}](${filename}) — ${said}`;
  // A line too long to keep whole is cut: the room its hook has goes to what the title does not already say.
  return [...line].length <= INDEX_LINE_TARGET ? line : `- [${shown}](${filename}) — ${hookBeyondTitle(shown, said)}`;
}

/**
 * The name and description of a topic file however its frontmatter is (a missing or unknown
 * type included: legacy files without `type:` still work, long-term spec §1.6); null when it
 * has no readable frontmatter.
 */
export function readTopicHeader(text: string): {
  readonly name?: string;
  readonly description: string | null;
  readonly type?: MemoryType;
  /** `metadata.modified` as written, when there is one. */
  readonly modified?: string;
  readonly problems?: readonly FrontmatterProblem[];
} | null {
  const match = FRONTMATTER.exec(text);
  if (!match) return null;
  const yaml = parseFrontmatterYaml(elementAt(match, 1, 'frontmatter'));
  if (!yaml.ok) return null;
  const fields = Frontmatter.safeParse(yaml.data ?? {});
  if (!fields.success) return null;
  const type = MemoryTypeSchema.safeParse(fields.data.metadata?.type ?? fields.data.type);
  const description = fields.data.description?.trim();
  return {
    ...(fields.data.name === undefined ? {} : { name: fields.data.name }),
    description: description === undefined || description === '' ? null : description,
    ...(type.success ? { type: type.data } : {}),
    ...(fields.data.metadata?.modified === undefined ? {} : { modified: fields.data.metadata.modified }),
    ...(yaml.problems.length === 0 ? {} : { problems: yaml.problems }),
  };
}
