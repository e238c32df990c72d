import type { ContentBlock } from '../transcript/contentSchema.js';

/**
 * The one interface memory work calls a model through: provider-neutral requests and replies.
 * Adapters (the Anthropic API, recorded cassettes, the offline model, test doubles) implement it.
 */
export interface ModelMessage {
  readonly role: 'user' | 'assistant';
  readonly content: string | readonly ContentBlock[];
}

export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Readonly<Record<string, unknown>>;
}

export interface ModelRequest {
  /** A model id; each adapter has a default. */
  readonly model?: string;
  readonly system?: string;
  readonly messages: readonly ModelMessage[];
  readonly tools?: readonly ToolDefinition[];
  readonly maxTokens: number;
  /**
   * How many leading messages a background run shares with its parent conversation: the
   * adapter marks the end of that prefix (and the system prompt) for prompt caching.
   */
  readonly sharedPrefix?: number;
  /**
   * A JSON schema the reply's text must follow (structured output): the Anthropic adapter sends
   * it as `output_config.format`; the offline model answers in it.
   */
  readonly outputSchema?: Readonly<Record<string, unknown>>;
  /**
   * What the request is for, in structured form. The prompt already says it in words for a real
   * model, which ignores this; the offline model, which cannot read prompts, works from it.
   */
  readonly task?: ModelTask;
  /** Adapter-specific fields, passed through untouched. */
  readonly providerData?: Readonly<Record<string, unknown>>;
}

/** A memory file as a selector or an extractor sees it: its name relative to the memory directory. */
export interface MemoryHeader {
  readonly filename: string;
  readonly description: string | null;
  readonly type?: string;
}

/**
 * The jobs memory work gives a model. Each names what an answer must touch, so an adapter that
 * cannot read the prompt (the offline model) can still do the job through the same tools.
 */
export type ModelTask =
  | { readonly kind: 'session_notes'; readonly notesPath: string; readonly currentNotes: string }
  | {
      readonly kind: 'extract_memories';
      readonly memoryDir: string;
      /** The memories already there, to update rather than duplicate. */
      readonly existing: readonly MemoryHeader[];
      /** MEMORY.md as it is now ('' when there is none). */
      readonly index: string;
      /** How many of the request's messages are new since the cursor (the rest is context). */
      readonly newMessages: number;
      /** The frontmatter form to write: `metadata` (current Claude Code) or `flat`. */
      readonly frontmatter: 'metadata' | 'flat';
      readonly sessionId?: string;
      /** ISO time to stamp as `modified`; given, so that runs replay byte for byte. */
      readonly now: string;
      /** Indexes of the conversation's messages a person typed (not meta prompts, command output or tool results). */
      readonly humanMessages?: readonly number[];
      /**
       * Messages that are the person's only in part, with the words that are theirs: a slash command's arguments, words
       * queued while the agent worked. The rest of such a message (the command's expanded text, a tool result) is not theirs.
       */
      readonly typedWords?: ReadonlyArray<{ readonly message: number; readonly texts: readonly string[] }>;
    }
  | {
      readonly kind: 'recall';
      readonly query: string;
      readonly candidates: readonly MemoryHeader[];
      readonly recentTools: readonly string[];
      readonly limit: number;
    }
  | { readonly kind: 'summary' }
  /** Is anything in these (new) messages worth a memory? Answered as JSON `{"write_likely": boolean}`. */
  | { readonly kind: 'first_look'; readonly messages: readonly ModelMessage[] }
  | {
      readonly kind: 'find_candidates';
      /** The chunk's messages as the prompt shows them, each with the uuid an answer cites. */
      readonly messages: readonly ChunkMessage[];
      /** Candidates found earlier in the session (name and description): not to be found again. */
      readonly known: ReadonlyArray<{ readonly name: string; readonly description: string }>;
    };

/** One message of a backfill chunk: who wrote it, the uuid it is cited by, and its words. */
export interface ChunkMessage {
  readonly uuid: string;
  readonly role: 'user' | 'assistant';
  /** A prompt a person typed (not a tool result or a meta message). */
  readonly human: boolean;
  /** Its text as the prompt renders it. */
  readonly text: string;
  /**
   * A person's message: its text blocks alone, one by one — what they typed, without the tool
   * results, interruption notes and command echoes the same API message carries.
   */
  readonly texts?: readonly string[];
  /**
   * The answers the person gave through AskUserQuestion that this message's tool results carry:
   * their own words, though not typed as a prompt (decision 69).
   */
  readonly answers?: readonly string[];
  /**
   * What the person typed that this message holds although it is no prompt of theirs: a slash command's arguments,
   * words queued while the agent worked (decision 100). The rest of the message is not theirs.
   */
  readonly typed?: readonly string[];
  /** The choices the person made among the options AskUserQuestion offered, each with its question (decision 102). */
  readonly choices?: ReadonlyArray<{ readonly question: string; readonly answer: string }>;
}

export interface ModelUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheCreationInputTokens: number;
  readonly cacheReadInputTokens: number;
}

export interface ModelReply {
  readonly model: string;
  readonly content: readonly ContentBlock[];
  readonly stopReason: string | null;
  readonly usage: ModelUsage;
}

export interface ModelPort {
  readonly name: string;
  complete(request: ModelRequest, options?: { readonly signal?: AbortSignal }): Promise<ModelReply>;
}

export const ZERO_USAGE: ModelUsage = { inputTokens: 0, outputTokens: 0, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 };
