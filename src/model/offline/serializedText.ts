/**
 * A string or an object a program printed, pasted as prose (decision 135): a model's reply printed by a script shows its
 * line breaks as the two characters `\` `n`, its quotes escaped (`it\'s`), and the object around it as Python prints one
 * (`Message(role='assistant', content='…', images=None, tool_calls=None)`). Its sentences are the program's output, not
 * the person's words. A Windows path (`C:\new\notes`) and an escape the person writes in backticks are theirs.
 */

/** A code span in backticks: what the person quotes on purpose, a regex or an escape among it. */
const CODE_SPAN = /`[^`\n]*`/g;

/** A Windows path, whose backslashes separate folders: a drive letter, a home folder or a share before them. */
const WINDOWS_PATH = /(?:\b[A-Za-z]:|~|\\\\[\w.-]+)\\[^\s'"]*/g;

/** A line break written out: `\n` right after a sentence ends or before the next line's opening, or two in a row. */
const LITERAL_NEWLINE = /(?<=[.:!?)"'*`\]]|\\n)\\n|(?<!\\)\\n(?=\\n|\d+[.)]|\*\*|[-#]\s)/g;

/** A quote escaped inside a string: `it\'s`, `type \"AAPL\"`. */
const ESCAPED_QUOTE = /(?<=[\p{L}\p{N}\s(])\\['"]/gu;

/**
 * A member of an object as Python prints one: `, images=None`, `(role='assistant'`, `, done=True`. A number alone is no
 * mark: "(s=-1, phi0=0)" is how people write a formula's parameters.
 */
const REPR_MEMBER = /[,(]\s*[a-z_]\w*=(?:None|True|False|'[^'\n]{0,80}'|"[^"\n]{0,80}")(?=[,)\s]|$)/g;

/** An object's printout opening: a class name and its first field, `Message(role=`. */
const OBJECT_OPENING = /\b[A-Z][A-Za-z0-9]+\((?=[a-z_]\w*=)/;

/**
 * A dictionary as Python prints one, or a table a data frame prints: `[{'street': '456 High St', 'city': 'London'`,
 * `[3 rows x 5 columns]` (decision 139).
 */
const DICT_MEMBER = /(?<=[{,]\s*)'[\w ]{1,40}':\s*(?:'[^'\n]{0,80}'|None|True|False|-?\d|\[|\{)/g;
/**
 * A printout starts the line, after an index or a date at most, or lines up a table's columns: the person's sentence about
 * a dict is theirs.
 */
const PRINTOUT_START = /^\s*(?:[\w:.-]+\s+){0,2}[[{(]/;
/** Columns a table printout lines up with runs of spaces: "0  Alice Smith   30  ...". */
const COLUMN_GAP = /\S {2,}(?=\S)/g;
const FRAME_SHAPE = /\[\d+ rows x \d+ columns\]/;

const count = (text: string, pattern: RegExp): number => text.match(pattern)?.length ?? 0;

/**
 * Whether a line carries the marks of a printed string or object: line breaks or quotes written as escapes, or an
 * object's printout. A mark or two of one kind may be typed on purpose ("replace \n\n with a space", "escape it as
 * \""), so a kind alone counts when it comes often, and two kinds together count at once.
 */
export function isSerializedLine(line: string): boolean {
  // Every mark below holds a backslash, an equals sign, a quote before a colon or a frame's shape.
  if (!/[\\=]|':|rows x/.test(line)) return false;
  const text = line.replace(CODE_SPAN, ' ').replace(WINDOWS_PATH, ' ');
  const newlines = count(text, LITERAL_NEWLINE);
  const quotes = count(text, ESCAPED_QUOTE);
  const members = count(text, REPR_MEMBER);
  const opening = OBJECT_OPENING.test(text);
  if (newlines >= 3 || quotes >= 2 || members >= 2 || (opening && members >= 1)) return true;
  const laidOut = PRINTOUT_START.test(text) || count(text, COLUMN_GAP) >= 2;
  if ((laidOut && count(text, DICT_MEMBER) >= 2) || FRAME_SHAPE.test(text)) return true;
  const kinds = [newlines, quotes, members].filter((n) => n > 0).length;
  return kinds >= 2;
}
