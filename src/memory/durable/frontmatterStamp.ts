import { stripHarnessTags } from './harnessTags.js';
import { parseTopicFile, renderTopicFile, type FrontmatterForm, type TopicFile } from './topicFile.js';

/** The longest slug memlog makes: a name is a handle, the description says what the memory is. */
const MAX_SLUG_CHARS = 60;

/**
 * A name as a kebab-case slug, as Claude Code 2.1.332 names memories: lower case, letters and
 * digits of any script, words joined by single hyphens (accents dropped from Latin letters).
 * '' when nothing of the text is a letter or a digit.
 */
export function toKebabSlug(text: string): string {
  const words = text
    .normalize('NFKD')
    // Accents off Latin letters only: in other scripts a mark is part of the letter (ビ is ヒ with one).
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word !== '');
  let slug = '';
  for (const word of words) {
    const next = slug === '' ? word : `${slug}-${word}`;
    if ([...next].length > MAX_SLUG_CHARS) return slug === '' ? [...word].slice(0, MAX_SLUG_CHARS).join('') : slug;
    slug = next;
  }
  return slug;
}

export const isKebabSlug = (name: string): boolean => name !== '' && toKebabSlug(name) === name;

export interface StampOptions {
  /** ISO time of this write. */
  readonly now: string;
  /** The session the memory came from: recorded only where the file names none yet. */
  readonly sessionId: string | null;
  /** The file as it was before this write (null: new), whose origin session a rewrite keeps. */
  readonly previous: string | null;
  /** The file's name in the directory, for a memory whose name has no letter or digit. */
  readonly filename: string;
  /** The frontmatter form the writer uses: the stamps live under `metadata:`, so the flat form (2.1.88's) gets none. */
  readonly form?: FrontmatterForm;
  /** Keep a `modified` the file already has (a writer whose time means when the fact was said): only fill it in when missing. */
  readonly keepModified?: boolean;
}

/**
 * A memory file as memlog writes it: harness tags stripped from its text, its name a kebab-case
 * slug, `metadata.modified` stamped with this write's time and `metadata.originSessionId` kept
 * from before or recorded now. A file memlog cannot read as a memory keeps its text, tags stripped.
 */
export function stampTopicFile(text: string, options: StampOptions): string {
  const clean = stripHarnessTags(text);
  const stem = (options.filename.split('/').at(-1) ?? options.filename).replace(/\.md$/i, '');
  const parsed = parseTopicFile(clean, stem);
  if (!parsed.ok) return clean;
  const form = options.form ?? 'metadata';
  const before = options.previous === null ? null : parseTopicFile(options.previous, stem);
  const origin = (before?.ok === true ? before.file.originSessionId : undefined) ?? parsed.file.originSessionId ?? options.sessionId;
  const modified = options.keepModified === true ? (parsed.file.modified ?? options.now) : options.now;
  const file: TopicFile = {
    ...parsed.file,
    name: toKebabSlug(parsed.file.name) || toKebabSlug(stem) || 'memory',
    ...(origin === null || origin === undefined ? {} : { originSessionId: origin }),
    modified,
  };
  return renderTopicFile(file, form);
}
