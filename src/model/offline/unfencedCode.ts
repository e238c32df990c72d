/**
 * Code typed or pasted without a fence (decision 135): a Lua or Python line read as prose gave a sentence that looked
 * like a reference, as Lua's length operator (`#result == 1`) reads like a chat channel. A line is code when it carries
 * two marks of code syntax or more (a call on a dotted name, a comparison with a literal, a concatenation, a block's
 * opening or ending, a declaration), or is a block's closing alone. A person names a call or an operator in prose now
 * and then ("call api.init() first", "use === instead of =="): one mark is theirs.
 */

/** A code span in backticks: code the person quotes on purpose inside their sentence. */
const CODE_SPAN = /`[^`\n]*`/g;

/** The marks of code syntax, each counted once per line. */
const CODE_MARKS: readonly RegExp[] = [
  // a call on a dotted name: os.execute(, vim.tbl_isempty(
  /\b[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+\(/,
  // a comparison with a literal or a call: `#result == 1`, `type(name) ~= "string"`
  /[\w)\]"']\s*(?:===?|!==?|~=|<=|>=)\s*(?:-?\d|["'[({]|(?:nil|null|None|true|false|undefined)\b|\w+\()/,
  // a concatenation with a string: `"test -e " .. name`
  /["']\s*\.\.\s*[\w"'(]|[\w)]\s*\.\.\s*["']/,
  // a length operator on a name: `and #result`, `(#list`
  /(?:\b(?:and|or|not)\s+|[(=<>]\s*)#[A-Za-z_]\w*/,
  // a block opened at the line's end: `… then`, `… do`, `{`
  /(?:\b(?:then|do)|[{[(])\s*$/,
  // a declaration or a return of a value opening the line
  /^\s*(?:local\s+\w|(?:const|let|var)\s+\w+\s*=|def\s+\w+\(|elseif\b|return\s+(?:["'[{(]|-?\d|(?:nil|null|None|true|false)\b|[\w.]+\())/,
  // a function written as a value: `= function(`, `function name(`
  /\bfunction\s*[\w.:]*\s*\(/,
  // an assignment of a table, a list or a function: `opts.handlers = {`, `x = function`
  /[\w\]]\s*=\s*(?:[{[]|function\b)/,
];

/** A block's closing alone on its line: `end`, `end,`, `}`, `})`, `fi`. */
const CLOSING_ALONE = /^\s*(?:end|fi|done|esac|[}\])]+)[,;)]*\s*$/;

/** How many marks of code syntax a piece of text carries outside its code spans. */
/** What every code mark holds one of: a line with none of these is prose, read with one test instead of eight. */
const ANY_MARK = /[(=#{[]|\.\.|\b(?:then|do|local|const|let|var|def|elseif|return|function)\b/;

export function codeMarks(text: string): number {
  if (!ANY_MARK.test(text)) return 0;
  const prose = text.replace(CODE_SPAN, ' ');
  return CODE_MARKS.filter((mark) => mark.test(prose)).length;
}

/**
 * A line that opens as the person's rule or request: no line of code starts so, while a rule may name code unquoted
 * ("Prefer vim.tbl_isempty(items) over #items == 0 checks").
 */
const PERSONS_OPENING = /^\s*(?:[-*]\s+)?(?:always|never|prefer|avoid|don'?t|do not|please|make sure|we|I)\b/i;

/** Whether a line is code typed without a fence. */
export const isCodeLine = (line: string): boolean => CLOSING_ALONE.test(line) || (codeMarks(line) >= 2 && !PERSONS_OPENING.test(line));
