import type { MemoryType } from '../../memory/durable/topicFile.js';
import { isTextBlock } from '../../transcript/contentGuards.js';
import type { ModelMessage } from '../port.js';
import { clip, humanText, splitSentences } from './conversationFacts.js';

/** Something the person said that is worth keeping across sessions, and why we think so. */
export interface MemoryStatement {
  readonly type: MemoryType;
  /** The statement, cleaned of its lead-in ("remember that", "no,"). */
  readonly text: string;
  /** The sentence as the person wrote it. */
  readonly quote: string;
  readonly cue: 'remember' | 'always-never' | 'preference' | 'about-me' | 'correction';
  /** The assistant's words just before a correction. */
  readonly corrected?: string;
  /** Index of the message it came from. */
  readonly messageIndex: number;
}

const REMEMBER = /^(?:please\s+)?(?:do\s+)?(?:remember|note|keep in mind)\s*(?:that|:|,)?\s+(.+)$/i;
const ALWAYS_NEVER = /\b(?:always|never|from now on|going forward)\b/i;
/** Rules people state are short; a long musing that happens to say "always" is not one. */
const MAX_RULE_CHARS = 240;
const DONT = /^(?:please\s+)?(?:don't|do not|dont|stop|avoid|quit)\b/i;
const PREFERENCE = /\b(?:I|we)\s+(?:prefer|'d rather|would rather|like it when|want you to|expect you to)\b/i;
const ABOUT_ME = /\b(?:I'm|I am)\s+(?:a|an|the)\s+\w+|\bmy (?:role|job|team|background)\b|\bI (?:work|worked) (?:on|as|at|in)\b/i;
const CORRECTION = /^(?:no|nope|wrong|actually|not quite|that's not|that is not|that's wrong|instead)\b[\s,.!:;\u2013\u2014-]*/i;

const REFERENCE = /https?:\/\/|\b(?:dashboard|channel|board|tracked in|ticket|jira|linear|slack|grafana|wiki|runbook|confluence|notion)\b/i;
const PROJECT =
  /\b(?:deadline|release|freeze|launch|migration|sprint|quarter|incident|due|milestone|customer|stakeholder|by (?:monday|tuesday|wednesday|thursday|friday|the end))\b/i;
/** Never kept, even when asked (long-term spec §1.8, and secrets). */
const NEVER_SAVE =
  /```|\b(?:password|passwd|secret|api[_ -]?key|token)\s*[:=]|\b(?:sk-[A-Za-z0-9_-]{16,}|AKIA[0-9A-Z]{16}|ghp_[A-Za-z0-9]{30,})/i;

/** Sentences long enough to say something, without a leading "and", "also", "so" or "but". */
function sentences(text: string): string[] {
  return splitSentences(text)
    .map((s) => s.replace(/^(?:and|also|so|but|oh|ok|okay)\b[\s,]*/i, ''))
    .map((s) => s.charAt(0).toUpperCase() + s.slice(1))
    .filter((s) => s.length >= 8);
}

function classify(text: string, fallback: MemoryType): MemoryType {
  if (REFERENCE.test(text)) return 'reference';
  if (PROJECT.test(text)) return 'project';
  if (ABOUT_ME.test(text)) return 'user';
  return fallback;
}

function statementOf(
  sentence: string,
  afterAssistant: string | undefined,
  first: boolean,
): Omit<MemoryStatement, 'messageIndex'> | undefined {
  if (sentence.endsWith('?') || NEVER_SAVE.test(sentence)) return undefined;
  const quote = clip(sentence, 400);
  const remembered = REMEMBER.exec(sentence);
  if (remembered) {
    const text = clip(remembered[1]!, 400);
    return { type: classify(text, 'feedback'), text, quote, cue: 'remember' };
  }
  if (first && afterAssistant !== undefined && CORRECTION.test(sentence)) {
    const text = clip(sentence.replace(CORRECTION, ''), 400);
    if (text.length >= 8)
      return { type: 'feedback', text: capitalise(text), quote, cue: 'correction', corrected: clip(afterAssistant, 200) };
  }
  if (ABOUT_ME.test(sentence) && /^(?:I|I'm|My|As)\b/.test(sentence)) return { type: 'user', text: quote, quote, cue: 'about-me' };
  if (sentence.length > MAX_RULE_CHARS) return undefined;
  if (PREFERENCE.test(sentence)) return { type: classify(sentence, 'feedback'), text: quote, quote, cue: 'preference' };
  if (ALWAYS_NEVER.test(sentence) || DONT.test(sentence))
    return { type: classify(sentence, 'feedback'), text: quote, quote, cue: 'always-never' };
  return undefined;
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Finds explicit statements worth remembering in what the person wrote: "remember…",
 * always/never/don't, stated preferences, facts about themselves, and corrections of the
 * assistant. Questions, code and anything that looks like a credential are left alone.
 */
export function findMemoryStatements(messages: readonly ModelMessage[]): MemoryStatement[] {
  const found: MemoryStatement[] = [];
  let lastAssistant: string | undefined;
  messages.forEach((message, messageIndex) => {
    if (message.role === 'assistant') {
      const texts = typeof message.content === 'string' ? [message.content] : message.content.filter(isTextBlock).map((b) => b.text);
      if (texts.length > 0) lastAssistant = texts.join(' ');
      return;
    }
    const text = humanText(message);
    if (text === '') return;
    sentences(text).forEach((sentence, i) => {
      const statement = statementOf(sentence, lastAssistant, i === 0);
      if (statement) found.push({ ...statement, messageIndex });
    });
    lastAssistant = undefined;
  });
  return found;
}
