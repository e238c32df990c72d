export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** One tool invocation: what the model asked for and what the tool answered. */
export interface ToolCall {
  /** Assigned by the writer when the tool_use block is emitted. */
  id: string;
  name: string;
  input: JsonObject;
  content: string | JsonObject[];
  /** `null` means the entry carries no `toolUseResult` key. */
  toolUseResult: Json;
  isError: boolean;
  /** Project-relative path that file history should track, if this call changes a project file. */
  trackPath: string | null;
  created: boolean;
}

function call(name: string, input: JsonObject, content: string | JsonObject[], toolUseResult: Json): ToolCall {
  return { id: '', name, input, content, toolUseResult, isError: false, trackPath: null, created: false };
}

function splitLines(text: string): string[] {
  return (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');
}

function lineIndexAt(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length - 1;
}

/** Unified-diff hunk with three lines of context, in the `structuredPatch` shape. */
function hunk(before: string, after: string, at: number, oldLength: number, newLength: number): JsonObject {
  const oldLines = splitLines(before);
  const newLines = splitLines(after);
  const first = lineIndexAt(before, at);
  const lastOld = lineIndexAt(before, at + oldLength);
  const lastNew = lineIndexAt(after, at + newLength);
  const start = Math.max(0, first - 3);
  const end = Math.min(oldLines.length, lastOld + 4);
  const lines = [
    ...oldLines.slice(start, first).map((l) => ` ${l}`),
    ...oldLines.slice(first, lastOld + 1).map((l) => `-${l}`),
    ...newLines.slice(first, lastNew + 1).map((l) => `+${l}`),
    ...oldLines.slice(lastOld + 1, end).map((l) => ` ${l}`),
  ];
  const oldCount = end - start;
  return {
    oldStart: start + 1,
    oldLines: oldCount,
    newStart: start + 1,
    newLines: oldCount - (lastOld - first) + (lastNew - first),
    lines,
  };
}

/** An in-memory project tree; file tools read and change it so results stay consistent. */
export class Workspace {
  private readonly files = new Map<string, string>();

  constructor(
    readonly cwd: string,
    files: Record<string, string>,
  ) {
    for (const [path, text] of Object.entries(files)) this.files.set(path, text);
  }

  abs(path: string): string {
    return `${this.cwd}/${path}`;
  }

  text(path: string): string {
    const text = this.files.get(path);
    if (text === undefined) throw new Error(`demo workspace has no ${path}`);
    return text;
  }

  read(path: string): ToolCall {
    const text = this.text(path);
    const lines = text.split('\n');
    const numbered = lines.map((line, i) => `${i + 1}\t${line}`).join('\n');
    return call('Read', { file_path: this.abs(path) }, numbered, {
      type: 'text',
      file: { filePath: this.abs(path), content: text, numLines: lines.length, startLine: 1, totalLines: lines.length },
    });
  }

  edit(path: string, oldString: string, newString: string): ToolCall {
    const before = this.text(path);
    const at = before.indexOf(oldString);
    if (at < 0 || before.indexOf(oldString, at + 1) >= 0) throw new Error(`edit target is not unique in ${path}`);
    const after = before.slice(0, at) + newString + before.slice(at + oldString.length);
    this.files.set(path, after);
    const input = { replace_all: false, file_path: this.abs(path), old_string: oldString, new_string: newString };
    const result = call('Edit', input, `The file ${this.abs(path)} has been updated successfully.`, {
      filePath: this.abs(path),
      oldString,
      newString,
      originalFile: before,
      structuredPatch: [hunk(before, after, at, oldString.length, newString.length)],
      userModified: false,
      replaceAll: false,
    });
    return { ...result, trackPath: path };
  }

  write(path: string, text: string): ToolCall {
    if (this.files.has(path)) throw new Error(`demo workspace only creates new files, ${path} exists`);
    this.files.set(path, text);
    const result = createFile(this.abs(path), text, text, false);
    return { ...result, trackPath: path, created: true };
  }

  /** Literal substring search, like Grep in `files_with_matches` mode. */
  grep(pattern: string, dir: string): ToolCall {
    const filenames = [...this.files.keys()].filter((path) => path.startsWith(`${dir}/`) && this.text(path).includes(pattern)).sort();
    const content =
      filenames.length === 0
        ? 'No files found'
        : `Found ${filenames.length} file${filenames.length === 1 ? '' : 's'}\n${filenames.join('\n')}`;
    return call('Grep', { pattern, path: this.abs(dir) }, content, {
      mode: 'files_with_matches',
      filenames,
      numFiles: filenames.length,
    });
  }
}

/** Write of a new file; `stored` differs from `requested` when Claude Code stamps memory frontmatter. */
export function createFile(filePath: string, requested: string, stored: string, stamped: boolean): ToolCall {
  const note = stamped ? '' : ' (file state is current in your context — no need to Read it back)';
  return call('Write', { file_path: filePath, content: requested }, `File created successfully at: ${filePath}${note}`, {
    type: 'create',
    filePath,
    content: stored,
    structuredPatch: [],
    originalFile: null,
    userModified: false,
    ...(stamped ? { memdirStamped: true } : {}),
  });
}

export interface BashOutcome {
  stdout?: string;
  stderr?: string;
  exitCode?: number;
}

export function bash(command: string, description: string, outcome: BashOutcome = {}): ToolCall {
  const { stdout = '', stderr = '', exitCode = 0 } = outcome;
  const output = [stdout, stderr].filter((part) => part !== '').join('\n');
  if (exitCode !== 0) {
    const message = `Exit code ${exitCode}\n${output}`;
    return { ...call('Bash', { command, description }, message, `Error: ${message}`), isError: true };
  }
  return call('Bash', { command, description }, output, {
    stdout,
    stderr,
    interrupted: false,
    isImage: false,
    noOutputExpected: false,
  });
}

/** Agent tool call; its result is filled in once the sidechain has run. */
export function agent(description: string, prompt: string, subagentType: string): ToolCall {
  return call('Agent', { description, prompt, subagent_type: subagentType }, [], null);
}
