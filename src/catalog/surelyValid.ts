/**
 * A check, without zod, that a parsed line certainly passes its kind's schema (src/transcript/*Schema.ts), for the kinds
 * that make up nearly every line Claude Code writes (system and attachment lines too: decision 96). True means zod would
 * accept it; false only means "not sure", and the caller asks zod. zod's first thousands of parses in a fresh thread run its generated code cold: a scan worker
 * spends more there than on anything else in its first megabytes (decision 87). A field the schema names is checked
 * when present; fields it does not name pass, as in its loose objects.
 */
import { KNOWN_BLOCK_TYPES } from '../transcript/blockKinds.js';

type Check = (value: unknown) => boolean;
type Fields = Readonly<Record<string, Check>>;

const isString: Check = (value) => typeof value === 'string';
const isBoolean: Check = (value) => typeof value === 'boolean';
const isNumber: Check = (value) => typeof value === 'number' && Number.isFinite(value);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const optional =
  (check: Check): Check =>
  (value) =>
    value === undefined || check(value);
const nullish =
  (check: Check): Check =>
  (value) =>
    value === undefined || value === null || check(value);

/** A loose object: the required fields checked always, the optional ones when present. */
function object(required: Fields, optionals: Fields = {}): Check {
  const requiredKeys = Object.keys(required);
  const optionalKeys = Object.keys(optionals);
  return (value) => {
    if (!isRecord(value)) return false;
    for (const key of requiredKeys) if (!(required[key] as Check)(value[key])) return false;
    for (const key of optionalKeys) if (!(optionals[key] as Check)(value[key])) return false;
    return true;
  };
}

function arrayOf(check: Check): Check {
  return (value) => Array.isArray(value) && value.every(check);
}

const imageBlock = object({ source: object({ type: isString }) });

/** A block inside a tool_result's content: text, image, document, or a kind the content schema does not name. */
function toolResultPart(value: unknown): boolean {
  if (!isRecord(value) || typeof value['type'] !== 'string') return false;
  const type = value['type'];
  if (type === 'text') return isString(value['text']);
  if (type === 'image') return imageBlock(value);
  return type === 'document' || !KNOWN_BLOCK_TYPES.has(type);
}

const toolUseNames = object({ id: isString, name: isString });

const BLOCKS: Readonly<Record<string, Check>> = {
  text: object({ text: isString }),
  thinking: object({ thinking: isString }, { signature: optional(isString) }),
  redacted_thinking: object({ data: isString }),
  // zod's `input: z.unknown()` still asks for the key to be there (contentSchema.ts).
  tool_use: (value) => isRecord(value) && 'input' in value && toolUseNames(value),
  tool_result: object(
    { tool_use_id: isString },
    { content: (value) => value === undefined || isString(value) || arrayOf(toolResultPart)(value), is_error: optional(isBoolean) },
  ),
  image: imageBlock,
  document: isRecord,
};

function block(value: unknown): boolean {
  if (!isRecord(value) || typeof value['type'] !== 'string') return false;
  const type = value['type'];
  const check = Object.prototype.hasOwnProperty.call(BLOCKS, type) ? BLOCKS[type] : undefined;
  return check === undefined ? !KNOWN_BLOCK_TYPES.has(type) : check(value);
}

const content: Check = (value) => isString(value) || arrayOf(block)(value);

const chainFields: Fields = {
  parentUuid: nullish(isString),
  logicalParentUuid: nullish(isString),
  isSidechain: optional(isBoolean),
  agentId: optional(isString),
  sessionId: optional(isString),
  timestamp: optional(isString),
  cwd: optional(isString),
  version: optional(isString),
  isMeta: optional(isBoolean),
};

const usage = object(
  { input_tokens: isNumber, output_tokens: isNumber },
  { cache_creation_input_tokens: nullish(isNumber), cache_read_input_tokens: nullish(isNumber) },
);

const KINDS: Readonly<Record<string, Check>> = {
  user: object(
    { uuid: isString, message: object({ role: (value) => value === 'user', content }) },
    {
      ...chainFields,
      isCompactSummary: optional(isBoolean),
      isVisibleInTranscriptOnly: optional(isBoolean),
      isVirtual: optional(isBoolean),
      sourceToolAssistantUUID: optional(isString),
    },
  ),
  assistant: object(
    {
      uuid: isString,
      message: object(
        { role: (value) => value === 'assistant', content },
        { id: optional(isString), model: optional(isString), stop_reason: nullish(isString), usage: nullish(usage) },
      ),
    },
    { ...chainFields, requestId: optional(isString), isApiErrorMessage: optional(isBoolean), isVirtual: optional(isBoolean) },
  ),
  'file-history-snapshot': object({ messageId: isString, snapshot: isRecord }, { isSnapshotUpdate: optional(isBoolean) }),
  'queue-operation': object({ operation: isString }, { sessionId: optional(isString), timestamp: optional(isString) }),
  'last-prompt': object({}, { sessionId: optional(isString), lastPrompt: optional(isString), leafUuid: optional(isString) }),
  system: object(
    { uuid: isString },
    {
      ...chainFields,
      subtype: optional(isString),
      content: nullish(isString),
      level: optional(isString),
      compactMetadata: optional(
        object(
          {},
          {
            trigger: optional(isString),
            preTokens: optional(isNumber),
            preservedSegment: optional(object({ headUuid: isString, anchorUuid: isString, tailUuid: isString })),
          },
        ),
      ),
    },
  ),
  attachment: object({ uuid: isString, attachment: object({ type: isString }) }, chainFields),
};

/** Whether the parsed line certainly passes its kind's schema; false when its kind is not one checked here, or not sure. */
export function surelyValid(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const type = value['type'];
  const check = typeof type === 'string' && Object.prototype.hasOwnProperty.call(KINDS, type) ? KINDS[type] : undefined;
  return check !== undefined && check(value);
}
