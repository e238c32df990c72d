/**
 * The words of a place in or around a project, shared by the finders of where things are kept and which source is
 * authoritative (decision 128). Written from kinds of place, never from a corpus sentence.
 */

/** A path: a word with a slash in it ("docs/adr/", "../api", "issues/", "~/notes"), maybe attached with "@" or backticked. */
export const PATH = String.raw`(?:@|\x60)?(?:~|\.{1,2})?\/?[\w.-]+(?:\/[\w.-]*)+\x60?`;

/** A document or data file by its name: "STATE.md", "RUNBOOK.md", "openapi.yaml", maybe attached with "@" or backticked. */
export const FILE_NAME = String.raw`(?:@|\x60)?[\w.-]*\w\.(?:md|mdx|markdown|txt|rst|adoc|org|json|ya?ml|toml)\x60?`;

/** A named file or folder: a path, a file name or a backticked name. */
export const FILE_OR_PATH = String.raw`(?:${PATH}|${FILE_NAME}|\x60[^\x60\s]{2,60}\x60)`;

/** A folder: a path that ends with a slash ("issues/", "docs/adr/"), or a path or a word followed by "folder" or "directory". */
export const FOLDER = String.raw`(?:(?:@|\x60)?(?:~|\.{1,2})?\/?[\w.-]+(?:\/[\w.-]+)*\/\x60?(?:\s+(?:folder|directory|dir))?|(?:${PATH}|[\w.-]+)\s+(?:folder|directory|dir))`;

/** What holds code or files: the noun that makes a phrase a place of the project ("the infra repo", "the scripts folder"). */
export const HOLDER = String.raw`(?:repo|repos|repository|monorepo|folder|directory|dir|package|module|workspace|submodule|crate|branch)`;

/** A word that marks a place as outside this checkout: "another repo", "the other repo", "a separate repository". */
export const ELSEWHERE = String.raw`(?:another|other|separate|different|sibling|upstream|parent)`;

/** A name written as one word with a dash, dot or underscore inside, as repositories and packages are: "billing-api". */
export const JOINED_NAME = String.raw`[a-z0-9]+(?:[-_.][a-z0-9]+)+`;

/**
 * Joined words that are states, not names: "the docs are in read-only mode" says how, not where. Read where a joined
 * name stands alone as a place.
 */
export const STATE_WORDS =
  /^(?:read-only|write-only|real-time|up-to-date|out-of-date|in-progress|work-in-progress|half-done|built-in|opt-in|opt-out|long-term|short-term|end-to-end|e-mail)$/i;

/**
 * Services outside the code where things are looked up (a drive, a wiki, a tracker, a chat, a vault): a place said with
 * one is a reference, decision 104's kind, and stays with the reference finder (`isReference`).
 */
export const LOOKED_UP_IN =
  /\b(?:drive|wiki|notion|confluence|sharepoint|dropbox|google|jira|linear|trello|asana|figma|miro|slack|discord|teams|channel|board|sheet|spreadsheet|vault|1password|bitwarden|lastpass|s3|bucket|gist|pastebin)\b/i;
