import { elementAt } from '../errors.js';

/**
 * A memory body in the parts memlog and Claude Code write: the lead (what it says), more
 * unlabelled text, and labelled lines ("**Why:** …", "**How to apply:** …"). Merging adds an
 * earlier statement's sentences to the part they came from (decision 70).
 */
export interface BodySections {
  readonly lead: string[];
  readonly more: string[];
  /** Labelled parts in order, by label as written. */
  readonly labelled: { readonly label: string; readonly sentences: string[] }[];
}

const LABEL = /^\*\*([^*\n]+?):?\*\*:?\s*/;

/** Sentences, lines and list items: a sentence ends at . ! or ? before a space; a line break ends one too. */
export const sentencesOf = (text: string): string[] =>
  text
    .split(/\n+|(?<=[.!?])\s+(?=[A-Z`"'*(\d-])/)
    .map((s) => s.trim())
    .filter((s) => s !== '');

export function parseBody(body: string): BodySections {
  const sections: BodySections = { lead: [], more: [], labelled: [] };
  const [lead = '', ...rest] = body.split(/\n\s*\n/);
  let current: string[] = sections.more;
  const leadLines: string[] = [];
  let inLead = true;
  for (const line of [...lead.split('\n'), '', ...rest.join('\n\n').split('\n')]) {
    const label = LABEL.exec(line);
    if (label !== null) {
      inLead = false;
      current = [];
      sections.labelled.push({ label: elementAt(label, 1, 'label').trim(), sentences: current });
      current.push(...sentencesOf(line.slice(label[0].length)));
      continue;
    }
    if (inLead && line === '' && leadLines.length > 0) inLead = false;
    if (inLead) leadLines.push(line);
    else current.push(...sentencesOf(line));
  }
  sections.lead.push(...sentencesOf(leadLines.join('\n')));
  return sections;
}

/** The section a sentence of `label` ('' the lead, null the unlabelled rest) goes in, made when missing. */
export function sectionFor(sections: BodySections, label: string | null): string[] {
  if (label === '') return sections.lead;
  if (label === null) return sections.more;
  const found = sections.labelled.find((s) => s.label.toLowerCase() === label.toLowerCase());
  if (found !== undefined) return found.sentences;
  const made = { label, sentences: [] as string[] };
  sections.labelled.push(made);
  return made.sentences;
}

const joined = (sentences: readonly string[]): string =>
  sentences
    .map((s, i) => (i < sentences.length - 1 && !/[.!?:]$/.test(s) && !s.startsWith('- ') ? `${s}.` : s))
    .reduce((text, s) => (text === '' ? s : `${text}${s.startsWith('- ') ? '\n' : ' '}${s}`), '');

export function renderBody(sections: BodySections): string {
  const parts = [joined(sections.lead), joined(sections.more)].filter((p) => p !== '');
  const labelled = sections.labelled.filter((s) => s.sentences.length > 0).map((s) => `**${s.label}:** ${joined(s.sentences)}`);
  if (labelled.length > 0) parts.push(labelled.join('\n'));
  return parts.join('\n\n');
}
