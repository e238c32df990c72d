import { GIT_OUTPUT_LINE } from './gitOutput.js';
import { isLabelListLine, isProductBlurb, ordersBesideBlurb } from './pastedLists.js';
import { beforePastedPage } from './pastedPages.js';
import { withoutPastedAnswer } from './pastedAnswers.js';
import { isProviderErrorLine, withoutInlineError } from './providerErrors.js';
import { isSerializedLine } from './serializedText.js';
import { DONT, IMPERATIVE } from './statementKinds.js';
import { differentLanguages, languagesOf, type Language } from './textLanguage.js';
import { isCodeLine } from './unfencedCode.js';
import { isReviewFindingLine } from './reviewFindings.js';

/**
 * What of a message the person wrote themselves (decision 69): pasted material — code and log
 * blocks, stack traces, diffs, quoted lines, text inside tags, a report another agent or a job
 * wrote — is taken out before the message is read as statements. It is not theirs, and a rule
 * found in another agent's report ("I left it untouched rather than…") is no rule of theirs.
 */

/** A finding's severity as review tools and agents label it. */
const SEVERITY = String.raw`(?:P[0-4]|[Cc]ritical|[Hh]igh|[Mm]edium|[Ll]ow|[Mm]ajor|[Mm]inor|[Nn]it|[Bb]locker|CRITICAL|HIGH|MEDIUM|LOW)`;

/** A line a machine wrote: a log record, a stack frame, a diff line, a test result, a shell prompt, a table row. */
const MACHINE_LINE = new RegExp(
  [
    String.raw`^\s*\[?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}`, // a timestamped log record
    String.raw`^\s*\[?\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\]?\s`,
    String.raw`^\s*\[?(?:ERROR|WARN(?:ING)?|INFO|DEBUG|TRACE|FATAL|CRITICAL|NOTICE)\]?[\s:]`,
    String.raw`^\s+at\s+\S+.*(?:\(|:\d+)`, // a JavaScript or Java stack frame
    String.raw`^\s*(?:Traceback \(most recent call last\)|File "[^"]+", line \d+)`,
    String.raw`^\s*(?:[A-Z]\w*(?:Error|Exception)|panic|npm ERR!|error(?:\[E\d+\])?|warning|fatal|E\d{3,})(?::|\s\[)`,
    String.raw`^(?:diff --git|index [0-9a-f]{7,}|@@ [-+]\d|--- (?:a\/|\/dev\/null)|\+\+\+ (?:b\/|\/dev\/null))`,
    String.raw`^[+-](?![-+\s])\S`, // an added or removed line of a diff ("- item" is a list, not a diff)
    String.raw`^\s*(?:\$|#|>>>|PS [A-Z]:\\[^>]*>|[\w.-]+@[\w.-]+:[^$]*\$)\s+\S`, // a shell or REPL prompt
    String.raw`^\s*(?:~|\.{1,2})?(?:\/[\w.@-]+)+\/?\s*[$%❯]\s+\S|^\s*~\s*[$%❯]\s+\S`, // a prompt after the folder it runs in ("~/code $ ls")
    // a review's finding opening with its severity ("1. Medium: …", "[P1] …"), as review tools and agents write them;
    // a label followed by a rule in the person's voice ("nit: we always use single quotes") opens their own line
    String.raw`^\s*(?:[•*-]\s*)?(?:\d{1,2}[.)]\s*)?(?:\[${SEVERITY}\]|${SEVERITY}\s*:)(?!\s*(?:always|never|we|i|please|don'?t|do not|make sure)\b)\s*\S`,
    String.raw`^\s*(?:PASS|FAIL)\s+\S|^\s*(?:not )?ok \d+\b`, // a test runner's verdict, TAP's included
    String.raw`^\s*(?:[✓✔✗✘×❌✅●○▶►]|⚠\uFE0F?)`,
    String.raw`^\s*\|.*\|\s*$`, // a table row
    String.raw`^\s*#{1,6}\s+\S`, // a Markdown heading: written for a reader, the way reports and jobs write
    String.raw`^\s*\*\*[^*]{1,60}\*\*\s*:?`, // a bold field ("**Status:** …")
    // an indented field whose value is aligned in a column ("  Version:      2.1.0"), as status panels and `describe`
    // commands print them; a person types one space after a colon (decision 110, amended 2026-12-07)
    String.raw`^\s{2,}[A-Za-z][\w ./()-]{0,30}:\s{3,}\S`,
    String.raw`^\s*\d+\s*[|│→]\s`, // a numbered source line
    // a runner's summary ("Tests  5 passed (5)", "Duration  1.2s"); "Tests go next to the code" is a person's sentence
    String.raw`^\s*(?:(?:Test Files|Tests|Duration)\s+\d|(?:Ran \d+ tests?|Exit code|exit status|real\s+\d|Compiled|Build (?:failed|succeeded))\b)`,
    // a member of a JSON object ("\"area\": \"Incident Response\","), and a curl call as API docs print it: the command, a
    // flag with a quoted value, a quoted URL continued with a backslash (decision 134). A backslash alone ends a line the
    // person typed in Claude Code's prompt too, so it says nothing by itself.
    String.raw`^\s*"[^"\n]{1,80}"\s*:\s*(?:"|-?\d|\[|\{|true\b|false\b|null\b)`,
    String.raw`^\s*(?:curl|wget|http)\s+-|^\s*-{1,2}[A-Za-z][\w-]*(?:\s+|=)['"]|^\s*['"]https?:\/\/\S+['"]\s*\\\s*$`,
    // path:line:col, maybe as a numbered finding in a code span ("1. `internal/a/b.go:227` leaves…")
    String.raw`^\s*(?:[•*-]\s*|\d{1,2}[.)]\s*)?\x60?[\w.-]+(?:\/[\w.-]+)+:\d+(?::\d+)?\b`,
  ].join('|'),
);

/**
 * A line a program wrote or that is code, git's output aside: a log, a trace, a printed string or object, unfenced code,
 * a provider's error message (decision 135).
 */
const isProgramLine = (line: string): boolean =>
  MACHINE_LINE.test(line) || isSerializedLine(line) || isCodeLine(line) || isProviderErrorLine(line);

/** A line a machine wrote, git's included (decision 106). */
const isMachineLine = (line: string): boolean => isProgramLine(line) || GIT_OUTPUT_LINE.test(line);

/** Words that open a paste: "here is the log:", "CI says:", "the nightly job reported:". */
const PASTE_LEAD =
  /(?:\b(?:here(?:'s| is| are)|this is|these are|below is|see|got|getting|i get|i got|it says|it said|output|log|logs|report|reports|reported|result|results|trace|traceback|stack trace|error|errors|diff|summary|message|forwarded|says|said|wrote|writes|replied|posted|printed|shows|showed|returned|failed|fails|failing|broke|from (?:ci|the job|the bot|the agent|the other agent|slack|the build))\b[^.!?\n]{0,80}:\s*$)/i;

/**
 * An announcement of someone else's words: a reviewer, a teammate, a bot ("I got this feedback:",
 * "a reviewer left this comment:"). Only such a paste runs on past its first paragraph; a person
 * announcing their own notes ("A few comments:") keeps them (decision 101).
 */
const OTHERS_WORDS_LEAD =
  /^(?=[^\n]*\b(?:got|received|reviewers?|someone|somebody|they|bekommen|erhalten|recibí|revisora?|dejó|reçu|relecteur|relectrice)\b)(?=[^\n]*\b(?:feedback|comments?|review|suggestions?|notes?|remarks?|Kommentare?|comentarios?|commentaires?|retours?)\b)[^\n]{0,160}:\s*$/i;

/**
 * A line that says the person is pasting or copying something in ("Pasting the issue text:", "copied from the ticket:"):
 * what follows came from elsewhere, so it runs on as someone else's words until the person speaks again (decision 110,
 * amended 2026-12-07).
 */
const PASTING_LEAD = /^(?=[^\n]*\b(?:pasting|pasted|copying|copied|quoting|forwarding)\b)[^\n]{0,160}:\s*$/i;

/**
 * A line that hands the assistant's own words back to it: "start with the areas of improvement you just identified,
 * namely:", "here are your recommendations again:" (decision 139). What follows is the assistant's, not the person's.
 */
const ASSISTANTS_WORDS_LEAD =
  /^(?=[^\n]*\b(?:you(?:'ve|\s+have)?\s+(?:just\s+|already\s+|previously\s+)?(?:identified|suggested|listed|said|wrote|proposed|mentioned|found|recommended|outlined|gave)|your\s+(?:own\s+)?(?:suggestions?|recommendations?|list|plan|summary|review|findings|analysis|answer|words))\b)[^\n]{0,200}:\s*$/i;

/** Whether a line announces someone else's words: a review, a comment, text pasted from elsewhere, the assistant's own. */
const announcesOthersWords = (line: string): boolean =>
  OTHERS_WORDS_LEAD.test(line) || PASTING_LEAD.test(line) || ASSISTANTS_WORDS_LEAD.test(line);

/** Kinds of written words a person keeps for themselves or their team. */
const WRITTEN_WORDS = String.raw`(?:notes?|rules?|conventions?|guidelines?|preferences?|instructions?|principles?|standards?|style\s+guides?|checklists?|habits?|polic(?:y|ies)|defaults?)`;

/**
 * A lead that announces the person's own written words (decision 110, amended): a lead to a paste whose direct object is
 * a possessive of the person or their team before a kind of written words ("Pasting my notes:", "Here are our team
 * conventions:", "Pasting my own rules for this repo:"), or such words they write, keep or follow ("Quoting the rules I
 * follow:"). Their own notes are theirs wherever they were copied from. Someone else's ("my colleague's rules", "the
 * reviewer's notes") are not, nor is what was said about them ("what the agent said about my rules:"): the possessive
 * is not what the lead hands over (decision 110, reviewed).
 */
const OWN_WORDS_LEAD = new RegExp(
  String.raw`^\s*(?:(?:ok|okay|so|and)[,!]?\s+)?` +
    String.raw`(?:pasting|pasted|copying|copied(?:\s+from)?|quoting|here(?:'s|\s+is|\s+are)|these\s+are|this\s+is|below\s+(?:is|are))\s+` +
    String.raw`(?:(?:my|our)\s+(?:own\s+)?(?:[\w-]+\s+){0,2}?${WRITTEN_WORDS}|(?:the\s+)?${WRITTEN_WORDS}\s+(?:that\s+|which\s+)?(?:I|we)\s+(?:wrote|write|keep|follow|use|made|set|jotted))` +
    String.raw`(?:\s+(?:here|below|(?:for|in)\s+(?:this|the|our|my)\s+[\w.-]+))?\s*:\s*$`,
  'i',
);

/**
 * A lead that names a machine's output or another speaker, whatever it says of the person's words: "the output of my
 * style guide check", "my default shell output", "my logs and notes", "what my lint rules printed" (decision 110,
 * reviewed).
 */
const NAMES_OUTPUT_OR_SPEAKER =
  /\b(?:output|reports?|results?|logs?|scans?|checks?|repl(?:y|ies)|said|says|returned|printed|agents?|bots?|CI)\b/i;

/** Whether a lead announces words the person wrote for themselves, so what follows stays theirs. */
const announcesOwnWords = (line: string): boolean =>
  OWN_WORDS_LEAD.test(line) && !NAMES_OUTPUT_OR_SPEAKER.test(line) && !OTHERS_WORDS_LEAD.test(line);

/**
 * A request that hands over material to work on: "rewrite this for LinkedIn:", "dame el post sobre
 * esto, ayuda:", "übersetze das:". What follows the colon is the material, not statements.
 */
const MATERIAL_LEAD =
  /^\s*(?:(?:ok|okay|so|hey|alright|now|then|and)[,!]?\s+)*(?:(?:can|could|would) you\s+|please\s+|pls\s+|por favor\s+|bitte\s+)*(?:take a look|have a look|give me|write|rewrite|translate|review|proofread|fix|summari[sz]e|explain|improve|polish|shorten|format|check|look at|help(?: me)? with|dame|escribe|reescribe|revisa|traduce|mejora|corrige|resume|explica|schreib|übersetze|prüfe|verbessere|fasse|donne-moi|écris|réécris|traduis|corrige|résume|améliore)\b[^\n]*:\s*$/i;

/** A tag that wraps pasted or generated text: any `<name …>…</name>`. */
const TAG_BLOCK = /<([A-Za-z][\w:-]*)(?:\s[^>]*)?>[\s\S]*?<\/\1\s*>/g;
const LONE_TAG = /^\s*<\/?[A-Za-z][\w:-]*(?:\s[^>]*)?\/?>\s*$/;

/**
 * A plan the assistant wrote, handed back as the next prompt when the person accepts it and clears
 * the context: Claude Code opens the message with this line and closes it with a paragraph pointing
 * at the earlier transcript. None of it is the person's words (decision 101).
 */
const HANDED_BACK_PLAN = /^\s*Implement the following plan:\s*\n/;
/** Claude Code's closing paragraph of a handed-back plan: without it, a plan that opens the same way is the person's own. */
const HANDED_BACK_CLOSING = /^If you need specific details from before exiting plan mode\b/m;

/**
 * A brief written for an agent to check one piece of work ("You are reviewing work another agent did… Your job is to
 * verify…"), sent as a prompt or pasted: its rules ("Do NOT modify any files") hold for that one job (decision 106,
 * amended). A person's standing instructions ("You are a senior engineer here; your job is to keep…") are theirs.
 */
const AGENT_BRIEF =
  /^\s*(?:you are|you're)\s+(?:reviewing|auditing|investigating|checking|verifying|evaluating|a reviewer|an auditor|a subagent)\b[\s\S]{0,600}?\byour\s+(?:job|task)\s+is\s+to\s+(?:verify|review|check|audit|investigate|evaluate)\b/i;

/**
 * A paragraph in the person's own voice: it speaks as "I" or "we", to "you", asks ("please", "por
 * favor", "bitte", "s'il vous plaît"), or opens with an order. A pasted review or report speaks of
 * its subject in the third person (decision 101).
 */
const PERSONS_VOICE =
  /\b(?:I|I'm|I've|I'd|I'll|me|my|we|we're|we've|we'll|our|us|you|your|please|let's|lets|por favor|bitte|s'il (?:te|vous) pla[iî]t)\b|\?\s*$|^\s*(?:always|never|don't|do not|make sure)\b/im;

/**
 * A paragraph that opens with an order, the person speaking again after a paste: "Use pnpm…",
 * "Prefer…", "No default exports.", "Siempre usa pnpm…".
 */
function opensWithOrder(paragraph: string): boolean {
  const opening = paragraph.trim();
  return (
    IMPERATIVE.test(opening) ||
    DONT.test(opening) ||
    WORK_ON_IT.test(opening) ||
    /^no\s+(?:[\w-]+\s+){0,2}[\w-]+s\.?$/i.test(opening) ||
    LASTING_ELSEWHERE.test(opening)
  );
}

/** The person asking for work on what they pasted: "Fix it.", "Address these." */
const WORK_ON_IT = /^(?:please\s+)?(?:fix|address|apply|handle|resolve|implement)\s+(?:it|this|that|these|those|them)\b/i;

/**
 * A paragraph opening with a lasting word in Spanish, French or German, as "always" and "never" open
 * the person's own words in English. Held further in, it may be a review's in that language: a
 * paragraph in another language than the paste's ends the paste anyway (`endsPaste`).
 */
const LASTING_ELSEWHERE = /^(?:siempre|nunca|a partir de ahora|toujours|jamais|désormais|immer|nie|niemals|ab jetzt)\b/i;

/**
 * Whether a paragraph after a pasted review is the person's again: it speaks in their voice, opens
 * with an order, or is written in another language than the paste ("Nunca uses npm aquí" after an
 * English review; an English review after a Spanish announcement runs on while it is English).
 */
function endsPaste(paragraph: string, pasteLanguage: ReadonlySet<Language> | undefined): boolean {
  return PERSONS_VOICE.test(paragraph) || opensWithOrder(paragraph) || differentLanguages(pasteLanguage, languagesOf(paragraph));
}

/**
 * A paragraph a terminal wrapped: a long line that stops mid-sentence and goes on, indented, on the next
 * ("…covers stale tags and\n     prune is never exercised…"). An agent's answer or a tool's output copied
 * out of a terminal window reads so; a person typing in the prompt never indents the rest of a sentence
 * (decision 106, amended).
 */
/**
 * A list item whose next line starts no further in than its marker: Markdown goes on with an item under its text, so
 * this is the terminal wrapping the line, not the item going on (decision 110, amended).
 */
function wrapsBackToMarker(line: string, next: string): boolean {
  const indent = (text: string): number => text.length - text.trimStart().length;
  return indent(line) >= 2 && indent(next) <= indent(line);
}

function terminalWrapped(lines: readonly string[]): boolean {
  return lines.some((line, i) => {
    const next = lines[i + 1];
    const end = line.trimEnd();
    return (
      next !== undefined &&
      end.length >= WRAP_WIDTH &&
      (!LIST_ITEM.test(line) || wrapsBackToMarker(line, next)) &&
      !/[.!?:;,]["'`)\]]*$/.test(end) &&
      /^\s{2,}[a-z(`'"]/.test(next) &&
      next.trim().split(/\s+/).length >= 4
    );
  });
}

/**
 * A paragraph every line of which is indented: after a lead that announces another agent's or a tool's output and ends
 * in a colon, the output copied out of its pane ("another agent returned this summary… take over from here:" then its
 * report, two spaces in), whoever it says "I" and "you" as (decision 106, amended). A person's own indented list under
 * "Rules:" stays theirs.
 */
const isIndented = (lines: readonly string[]): boolean => lines.every((line) => /^\s{2,}\S/.test(line));

/** A lead that names another agent's, a job's or a tool's output: "another agent returned the following summary…". */
const OTHERS_OUTPUT =
  /\b(?:agent|bot|job|tool|codex|claude|devin|copilot|cursor|reviewer|ci|pipeline|script)\b[^.\n]{0,80}\b(?:returned|reported|said|wrote|replied|produced|printed|summary|report|output)\b/i;

/** A Markdown list item, whose next line may go on indented under its marker. */
const LIST_ITEM = /^\s*(?:[-*+]|\d{1,2}[.)])\s/;

/** The shortest line a terminal wraps at: narrower windows are rare. */
const WRAP_WIDTH = 70;

/**
 * A shell prompt typed after the person's words, and what follows it on the line. Its spaces start right after a
 * word, so a long run of spaces is tried once, not from each of its characters (decision 97).
 */
const INLINE_PROMPT = /(?<=\S)\s+(?:~|\/)[\w./@~-]*\s*[$%❯]\s+\S.*$/;

/** Where a fenced or tagged block was. */
const REMOVED = '\u0000';

/** A fenced block; a fence typed one backtick short on a line of its own ("``") closes it too, or the person's words after it would go as code. */
const FENCE = /(```|~~~)[\s\S]*?(?:\1|\n``[ \t]*(?=\n|$)|$)/g;

/**
 * A field of a record a program printed, indented under its heading: "  Age: 30", "  Email: None", "  Created:
 * 2024-01-01 00:00:00", "  Addresses:" (decision 139). Its value is data (a number, a date, an address, a null) or
 * nothing; a person's own indented "  Naming: kebab-case files" says words.
 */
const RECORD_LINE =
  /^\s{2,}[A-Za-z][\w ]{0,30}:\s*(?:$|-?\d[\d.,:\s-]*$|(?:None|null|true|false|True|False|N\/A)\s*$|\S+@\S+\s*$|\d{4}-\d{2}-\d{2}\b.*$)/;

/**
 * A paragraph most of whose lines a machine wrote, or a printed record's fields: it goes whole. Git's lines count only when they
 * are more than half of it: one line git printed takes out only itself ("Switched to branch 'main'"
 * above "Never commit directly to main"), a pasted push goes with the words that led into it
 * (decision 106, amended).
 */
function machineParagraph(lines: readonly string[]): boolean {
  const records = lines.filter((line) => RECORD_LINE.test(line)).length;
  if (records >= 3 && records * 2 >= lines.length) return true;
  const machine = lines.filter(isProgramLine).length;
  if (machine > 0 && machine * 2 >= lines.length) return true;
  const git = lines.filter((line) => !isProgramLine(line) && GIT_OUTPUT_LINE.test(line)).length;
  return (machine + git) * 2 > lines.length;
}

/**
 * The text with what was pasted into it taken out: fenced blocks, text inside tags, quoted
 * (`>`) lines, lines a machine wrote, paragraphs mostly made of them, and the block after a
 * line that announces a paste ("here's what the job said:"). What is left is joined by blank
 * lines, so no two remnants read as one sentence.
 */
export function personsWords(text: string): string {
  if (HANDED_BACK_PLAN.test(text) && HANDED_BACK_CLOSING.test(text)) return '';
  if (AGENT_BRIEF.test(text)) return '';
  // A block taken out leaves a mark, so that the line announcing it announces the mark and nothing after it.
  // A pasted page goes from where it starts: it has no fence to end it (decision 127).
  const unfenced = beforePastedPage(text.replace(FENCE, `\n\n${REMOVED}\n\n`).replace(TAG_BLOCK, `\n\n${REMOVED}\n\n`));
  // Another assistant's answer pasted in goes whole, announced or not (decision 134).
  const paragraphs = withoutPastedAnswer(unfenced.split(/\n\s*\n/));
  const kept: string[] = [];
  let pasteFollows = false;
  // An announced paste of plain text (a review, a report) has no fence to end it: it runs on until the person speaks again.
  let pasteRuns = false;
  let material = false;
  let othersWords = false;
  let indentedPaste = false;
  // The language the pasted paragraphs are written in, known from the first of them that uses a language's short words.
  let pasteLanguage: ReadonlySet<Language> | undefined;
  for (const paragraph of paragraphs) {
    if (material) break;
    const lines = paragraph.split('\n').filter((line) => line.trim() !== '');
    if (lines.length === 0) continue;
    if (pasteFollows || paragraph.trim() === REMOVED) {
      indentedPaste = pasteFollows && isIndented(lines);
      pasteRuns = othersWords && paragraph.trim() !== REMOVED;
      pasteLanguage = pasteRuns ? languagesOf(paragraph) : undefined;
      pasteFollows = false;
      continue;
    }
    if (pasteRuns && !endsPaste(paragraph, pasteLanguage)) {
      pasteLanguage ??= languagesOf(paragraph);
      continue;
    }
    pasteRuns = false;
    // An indented block after a line ending in a colon runs on while it stays indented.
    indentedPaste = indentedPaste && isIndented(lines);
    // A product's blurb pasted as it was published is its maker's words; an order beside it is the person's (decision 124).
    const own = isProductBlurb(paragraph) ? ordersBesideBlurb(paragraph) : lines;
    if (indentedPaste || machineParagraph(lines) || terminalWrapped(lines) || own.length === 0) continue;
    const reading = readParagraph(own);
    material = reading.material;
    pasteFollows = reading.pasteFollows;
    othersWords = reading.othersWords ?? othersWords;
    // A paragraph that ends announcing what came after it ("CI failed:") is left with what it announced.
    const last = reading.own.at(-1);
    const announces = last !== undefined && /:\s*$/.test(last);
    indentedPaste = (announces && OTHERS_OUTPUT.test(paragraph)) || reading.pasteFollows;
    if (last !== undefined && !announces) kept.push(reading.own.join('\n'));
  }
  return kept.join('\n\n');
}

/** What one paragraph holds of the person's lines, and whether it hands over material or announces a paste. */
interface ParagraphReading {
  readonly own: readonly string[];
  /** Material handed over for a request runs to the end of the message. */
  readonly material: boolean;
  /** The announcement ends the paragraph: the next paragraph is the paste. */
  readonly pasteFollows: boolean;
  /** Set when the paragraph announces a paste: whether it announces someone else's words. */
  readonly othersWords?: boolean;
}

function readParagraph(lines: readonly string[]): ParagraphReading {
  const own: string[] = [];
  for (const [i, typed] of lines.entries()) {
    // What follows a prompt typed after the person's words ("…did not help. ~/code $ ls") is the terminal's, and what
    // follows an error's label the service's (decision 135).
    const line = withoutInlineError(typed.replace(INLINE_PROMPT, ''));
    // A line of a pasted label list defines a name for a tracker, not anything of the person (decision 124).
    // Nor is a code review's finding pasted as a list, a verdict on one piece of code (decision 144).
    if (
      line.trim() === '' ||
      /^\s*>/.test(line) ||
      LONE_TAG.test(line) ||
      isMachineLine(line) ||
      isLabelListLine(line, lines) ||
      isReviewFindingLine(line)
    )
      continue;
    if (MATERIAL_LEAD.test(line)) return { own, material: true, pasteFollows: false };
    // What follows the announcement in the same paragraph, or the next paragraph, is the paste.
    if ((PASTE_LEAD.test(line) || announcesOthersWords(line)) && !announcesOwnWords(line))
      return { own, material: false, pasteFollows: i === lines.length - 1, othersWords: announcesOthersWords(line) };
    own.push(line);
  }
  return { own, material: false, pasteFollows: false };
}

/** A numbered list item: "1. …", "2) …". */
const NUMBERED = /^\s*\d{1,2}[.)]\s+\S/;

/**
 * A long prompt laid out as numbered steps, with links or at length: a task to do, whose steps
 * ("Now I need to send traces to Honeycomb") are no facts to keep.
 */
export function isTaskPrompt(text: string): boolean {
  const steps = text.split('\n').filter((line) => NUMBERED.test(line)).length;
  return steps >= 3 && (/https?:\/\//.test(text) || text.length >= 400);
}

/** The lines of a task prompt that are its steps (numbered items and what continues them). */
export function isStepLine(line: string): boolean {
  return NUMBERED.test(line);
}
