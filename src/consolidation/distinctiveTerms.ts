import { isInstructionFile } from './instructionFiles.js';
import { toolKind } from './toolNames.js';

const TOKEN = /`([^`\n]+)`|[\p{L}\p{N}](?:[\p{L}\p{N}_./@-]*[\p{L}\p{N}_])?/gu;
/**
 * Files nearly every memory of a project may mention: naming one says nothing about what a memory
 * is about. The files agents read instructions from are among them, wherever they sit (decision 119).
 */
const EVERYWHERE = new Set(['memory.md', 'readme.md']);
const isEverywhere = (name: string): boolean => EVERYWHERE.has(name) || isInstructionFile(name);

/** A file, host or package name: two parts of two characters or more around a dot, slash, @ or _ ("pnpm-lock.yaml", not "e.g" or "3.12"). */
const isName = (token: string): boolean =>
  /[./@_]/.test(token) && /[a-z]/i.test(token) && token.split(/[./@_]/).filter((part) => part.length >= 2).length >= 2;

function add(token: string, into: Set<string>): void {
  const name = token.toLowerCase();
  if (toolKind(name) !== undefined || (isName(name) && !isEverywhere(name))) into.add(name);
}

/**
 * The words of a text that name one thing and not a kind of thing: listed tools (toolNames.ts),
 * file, host and package names, and the tools in a code span (`npm install` names npm). Two
 * statements that share one are about that thing (decision 70).
 */
export function distinctiveTerms(text: string): Set<string> {
  const into = new Set<string>();
  for (const [raw, code] of text.matchAll(TOKEN)) {
    if (code === undefined) {
      add(raw, into);
      continue;
    }
    for (const word of code.trim().split(/\s+/)) add(word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''), into);
  }
  return into;
}
