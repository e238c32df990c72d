import { MEMLOG_SECRET_RULES } from '../../secrets/memlogRules.js';

/**
 * Families of credential a person may paste into a conversation, by shape. The offline extractor
 * drops any message that holds one, and checks every file it writes again, so that a key never
 * becomes a memory (a memory file is read back into every later session, and may be shared).
 */
const SECRET_SHAPES: readonly RegExp[] = [
  /\b(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}\b/,
  /\bgh[pousr]_[A-Za-z0-9]{20,}/,
  /\bgithub_pat_[A-Za-z0-9_]{20,}/,
  /\bglpat-[A-Za-z0-9_-]{16,}/,
  /\bxox[abposr]-[A-Za-z0-9-]{8,}/,
  /\bhooks\.slack\.com\/services\/\S+/,
  /-----BEGIN [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----/,
  /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/,
  /\b(?:sk|rk|pk)[-_](?:live|test|prod|ant|proj)?[-_]?[A-Za-z0-9_-]{16,}/,
  /\bAIza[A-Za-z0-9_-]{30,}/,
  /\bnpm_[A-Za-z0-9]{30,}/,
  // a named credential followed by a value: `password: hunter2`, `API_KEY=…`, `token is abc123…`
  /\b(?:password|passwd|pwd|passphrase|login|credentials|secret|api[_ -]?key|apikey|access[_ -]?key|secret[_ -]?key|auth[_ -]?token|token|bearer|client[_ -]?secret|passwort|mot de passe|contraseña|clave)\b["'`]?\s*(?:[:=]|is\s+["'`]?(?=\S*[0-9])(?=\S*[A-Za-z])\S{8,}|ist\s+\S{8,}|est\s+\S{8,}|es\s+\S{8,})/i,
  /\bBearer\s+[A-Za-z0-9._~+/-]{16,}/,
  // a URL's password, with or without a user, slashes and all; a port before the path is none
  /:\/\/[^\s:@/]*:(?!\d+(?:\/|\s|$))[^\s@]+@/,
];

/**
 * A long run of letters and digits mixed like a generated key (40-char AWS secrets, hex tokens,
 * base64 bodies). An `=` ends a run: a setting `SOME_PATH=/v2/live` is a name and a value, each
 * read on its own (decision 93); a key's padding `==` stays outside the body it ends.
 */
const KEYLIKE = /(?<![A-Za-z0-9+/_-])(?=[A-Za-z0-9+/_-]{24,})(?=[^\s=]*[0-9])(?=[^\s=]*[a-z])[A-Za-z0-9+/_-]{24,}(?![A-Za-z0-9+/_-])/g;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The path words after which a number names a thread or a CI run, not a key: `org/repo/pull/799`, `-/merge_requests/12`,
 * `actions/runs/29260087477/job/86850737756`, `-/pipelines/1234567` (decision 110, amended).
 */
const NUMBERED_THREADS = new Set([
  'pull',
  'pulls',
  'issue',
  'issues',
  'requests',
  'discussions',
  'runs',
  'job',
  'jobs',
  'builds',
  'pipelines',
]);

/**
 * A date in a name, year first: "refit-2026-06", "notes-2026-07-01". Its number groups are a date's, not a key's
 * (decision 110, amended); a number group of any other shape ("glacier-marble-1234") stays a key's.
 */
const DATE_PART = /(?<![\d])(?:19|20)\d{2}[-_](?:0[1-9]|1[0-2])(?:[-_](?:0[1-9]|[12]\d|3[01]))?(?![\d])/g;
const withoutDates = (text: string): string => text.replace(DATE_PART, 'date');

/**
 * A name written with capitals, as owners and repositories often are: capitalised words run together ("PixelForge",
 * "TypeChecker") or an acronym ("FLITS"). No digit stands inside it: a generated key mixes capitals and digits within
 * a part, and a name's digits, like a lower-case word's, come at its end only (decision 110, amended 2026-12-07).
 */
const NAME_WITH_CAPITALS = /^(?:[a-z]*(?:[A-Z][a-z]+)+|[A-Z]{2,6})$/;

/**
 * A utility class of a CSS framework that names a colour by its shade: a property, maybe a colour's name, a shade of
 * 50 to 950 and maybe an opacity ("text-green-600", "bg-slate-900/50", "dark:border-red-400"). Its number is a shade
 * from a short scale, never a key's digits (decision 133).
 */
const UTILITY_CLASS =
  /^(?:[a-z]+:)*(?:bg|text|border|ring|from|via|to|fill|stroke|shadow|divide|outline|decoration|accent|caret|placeholder)-(?:[a-z]+-)?(?:50|[1-9]00|950)$/;

/** A lower-case word with a short number after it: "render", "telescope110". */
const isLowerWord = (part: string): boolean => /^[a-z]+\d{0,4}$/.test(part);

/** A number that names a thread: it follows "pull", "issues" and the like (`org/repo/pull/799`). */
const isThreadNumber = (part: string, before: string | undefined): boolean => /^\d{1,12}$/.test(part) && NUMBERED_THREADS.has(before ?? '');

/**
 * A path segment that is words: lower-case words, names with capitals, a thread's number. Capitalised words beside a
 * part holding digits ("Hunter_Sunset_Galaxy_moon99_Rocket") are a memorable passphrase, not a name (decision 110,
 * reviewed); an acronym beside one is a slug ("telescope110-FLITS").
 */
function isWordsSegment(segment: string, before: string | undefined): boolean {
  // A UUID names a session, a run or a record in a path, as it does alone.
  if (UUID.test(segment)) return true;
  // A CSS utility class with a colour's shade ("bg-green-100/text-green-800" in a style rule) is a name, not a key.
  if (UTILITY_CLASS.test(segment)) return true;
  const parts = segment.split(/[_-]/).filter(Boolean);
  const words = parts.every(
    (part, i) => isLowerWord(part) || NAME_WITH_CAPITALS.test(part) || isThreadNumber(part, parts[i - 1] ?? before),
  );
  const capitalised = parts.some((part) => /[A-Z][a-z]/.test(part));
  return words && !(capitalised && parts.some((part) => /\d/.test(part)));
}

/**
 * A path or a kebab-case name is words joined, not a key: keys have few separators and many digits or capitals.
 * A number alone is a word only after the name of a numbered thread (decision 110, amended): "glacier-marble-1234"
 * or a webhook's `/catch/123456/` stays a key's shape. Names with capitals are words only in a link or an owner/repo
 * path: a bare run joined by - or _ with capitals ("Purple-Monkey-Dishwasher-rain77") is a passphrase (decision 110,
 * reviewed).
 */
function isWordsJoined(typed: string): boolean {
  const token = withoutDates(typed);
  if (token.includes('/')) {
    const segments = token.split('/').filter(Boolean);
    const parts = token.split(/[/_-]/).filter(Boolean);
    return parts.length >= 2 && segments.every((segment, i) => isWordsSegment(segment, segments[i - 1]?.split(/[_-]/).at(-1)));
  }
  const parts = token.split(/[_-]/).filter(Boolean);
  return UTILITY_CLASS.test(token) || (parts.length >= 2 && parts.every(isLowerWord));
}

function keylike(text: string): boolean {
  for (const match of text.matchAll(KEYLIKE)) {
    const token = match[0];
    if (UUID.test(token)) continue; // session and message ids
    if (isWordsJoined(token)) continue;
    const digits = token.replace(/[^0-9]/g, '').length;
    const upper = token.replace(/[^A-Z]/g, '').length;
    if (digits >= 3 || upper >= 3) return true;
  }
  return false;
}

/** Whether a text holds something shaped like a credential. Cheap: regular expressions only. */
export function looksSecret(text: string): boolean {
  if (SECRET_SHAPES.some((shape) => shape.test(text)) || keylike(text)) return true;
  return MEMLOG_SECRET_RULES.some((rule) => {
    rule.pattern.lastIndex = 0; // the rules are global: a test would start where the last one stopped
    const found = rule.pattern.test(text);
    rule.pattern.lastIndex = 0;
    return found;
  });
}
