import { cutOnWords } from '../memory/durable/cutOnWords.js';
import { hookBeyondTitle } from '../memory/durable/hookBeyondTitle.js';
import { withoutMachinePaths } from '../memory/durable/machinePaths.js';
import { INDEX_LINE_TARGET } from '../memory/durable/memoryIndex.js';
import type { TopicFile } from '../memory/durable/topicFile.js';

const WORD = /[\p{L}\p{N}]+/gu;

/** The words of a description's end that find where it stops in the body. */
const TAIL_WORDS = 4;

/** The most a hook of last resort gives its words, past the line's target: it says why or what more, briefly. */
const LAST_RESORT_CHARS = 60;

/** The reason the person gave, as the body's **Why:** has it; '' when none was given. */
const reasonOf = (body: string): string => /\*\*Why:\*\*\s*([^\n]+)/.exec(body)?.[1]?.trim() ?? '';

/** The body's first paragraph, on one line, without paths of the author's machine. */
const leadOf = (body: string): string => withoutMachinePaths((body.split(/\n\s*\n/)[0] ?? '').replace(/\s+/g, ' ').trim());

/** What the body's first paragraph says after the words the description ends on; '' when it says no more or they are not found. */
function beyondDescription(description: string, lead: string): string {
  const tail = [...description.matchAll(WORD)].slice(-TAIL_WORDS).map((m) => m[0].toLowerCase());
  const words = [...lead.matchAll(WORD)];
  if (tail.length === 0) return '';
  const at = words.findIndex((_, i) => tail.every((word, k) => words[i + k]?.[0].toLowerCase() === word));
  const last = words[at + tail.length - 1];
  if (at === -1 || last === undefined) return '';
  return lead.slice(last.index + last[0].length).replace(/^[\s,;:.!?)\]"'`*\u2019\u2026–—-]+/u, '');
}

/**
 * What an index line says after its title (decision 120, amended 2026-12-07): the description, and when the line is
 * too long for it and its hook only goes on with the title's sentence ("— by the org"), what more the memory holds
 * after it: the rest of its statement, then the reason the person gave. The line is cut to its target after that, so
 * the room a continuation leaves goes to what the file says besides.
 */
export function indexHook(title: string, filename: string, file: TopicFile): string {
  const { description } = file;
  const whole = `- [${title}](${filename}) — ${description}`;
  if ([...whole].length <= INDEX_LINE_TARGET || hookBeyondTitle(title, description) === description) return description;
  const more = beyondDescription(description, leadOf(file.body));
  const reason = reasonOf(file.body);
  if (more === '' && reason === '') return description;
  return [description, more, reason === '' ? '' : `Why: ${reason}`]
    .filter((part) => part !== '')
    .map((part) => (/[.!?…]$/.test(part) ? part : `${part}.`))
    .join(' ');
}

/** What a body says besides its title: the reason the person gave, else what its first paragraph adds to the title. */
function saidBesides(title: string, body: string): string {
  const reason = reasonOf(body);
  if (reason !== '') return `Why: ${reason}`;
  const lead = leadOf(body);
  const more = hookBeyondTitle(title, lead);
  return more === lead ? '' : more;
}

/**
 * The hook of a line whose title leaves its description no room (a title kept whole for its negation, or a description
 * that adds one word too long to fit): the reason the person gave, else what the body adds to the title, cut on a word;
 * when the title is the whole memory, its type and the day it was saved (decision 120, amended 2026-12-07). An index
 * line is read alone: a link with nothing after it, or a bare type label, says less than any other line.
 */
export function lastResortHook(title: string, file: TopicFile): string {
  const more = cutOnWords(saidBesides(title, file.body), LAST_RESORT_CHARS);
  if (more !== '') return more;
  const day = /^\d{4}-\d{2}-\d{2}/.exec(file.modified ?? '')?.[0];
  return day === undefined ? `${file.type} memory, whole in its title` : `${file.type} memory of ${day}`;
}
