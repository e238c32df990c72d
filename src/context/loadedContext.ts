import type { AssembledRequest } from './assembleRequest.js';
import type { ContextDiagnostic } from './contextDiagnostic.js';
import type { InstructionFile } from './instructionFiles.js';
import type { RenderedAttachment } from './memoryAttachments.js';
import type { IndexEntry } from './userContext.js';
import type { MemoryPlace } from '../memory/durable/index.js';

/** Everything the next request is made of, as the context job read and assembled it. */
export interface LoadedContext {
  readonly request: AssembledRequest;
  readonly cwd: string;
  readonly memoryDir: string | null;
  /** When no memory folder was given: what the shared lookup (decision 108) settled on, with every place looked in when none was there. */
  readonly memoryLookup?: MemoryPlace;
  readonly instructionFiles: readonly InstructionFile[];
  readonly index: IndexEntry | null;
  /** Memory reminders in the conversation (from the log and computed), and on the next turn. */
  readonly attachments: readonly RenderedAttachment[];
  readonly skippedAttachments: Readonly<Record<string, number>>;
  readonly recall?: { readonly chosen: readonly string[]; readonly skipped?: string };
  readonly diagnostics: readonly ContextDiagnostic[];
  readonly transcriptDiagnostics: number;
}
