import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { ZodError } from 'zod';
import { LineLimit } from './lineLimit.js';

/** The longest line read: the SDK's own buffer size (STDIO_DEFAULT_MAX_BUFFER_SIZE), 10 MiB. */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;

/** A JSON-RPC 2.0 error answer to a line whose id could not be read, so its id is null (JSON-RPC 2.0, section 5). */
interface UnreadableLineAnswer {
  readonly jsonrpc: '2.0';
  readonly id: null;
  readonly error: { readonly code: number; readonly message: string; readonly data: string };
}

/**
 * What JSON-RPC 2.0 answers to a line the transport could not take: -32700 for text that is not
 * JSON (the transport's `JSON.parse` threw), -32600 for JSON that is no JSON-RPC message (its
 * schema check threw). Undefined for any other error, which is no line's.
 */
export function unreadableLineAnswer(error: Error): UnreadableLineAnswer | undefined {
  if (error instanceof SyntaxError) {
    return { jsonrpc: '2.0', id: null, error: { code: ErrorCode.ParseError, message: 'Parse error', data: error.message } };
  }
  if (error instanceof ZodError) {
    const data = 'not a JSON-RPC 2.0 request, notification or response';
    return { jsonrpc: '2.0', id: null, error: { code: ErrorCode.InvalidRequest, message: 'Invalid Request', data } };
  }
  return undefined;
}

/** The answer to a line over {@link MAX_LINE_BYTES}: an invalid request, since what it asked cannot be known. */
export function overlongLineAnswer(maxLine: number): UnreadableLineAnswer {
  const data = `a line over ${maxLine} bytes is not read; the next line is`;
  return { jsonrpc: '2.0', id: null, error: { code: ErrorCode.InvalidRequest, message: 'Invalid Request', data } };
}

/**
 * The SDK's stdio server transport, answering each line it cannot read. The SDK reports such a line
 * to `onerror` and drops it, so a client that sent it would wait for an answer that never comes;
 * the server goes on with the next line either way. The answer is written to the output as a line
 * of its own, because the SDK's message type has no null id. A line too long to read is dropped
 * before the SDK sees it and answered the same way, since the SDK would stop reading at it.
 */
export function answeringStdioTransport(input: Readable, output: Writable, maxLine = MAX_LINE_BYTES): StdioServerTransport {
  const limited = input.pipe(new LineLimit(maxLine, () => output.write(`${JSON.stringify(overlongLineAnswer(maxLine))}\n`)));
  // Room for a whole line and the chunk after it: the limit is the filter's, never the SDK's.
  const transport = new StdioServerTransport(limited, output, { maxBufferSize: 2 * maxLine });
  // Set before connect: the SDK's Protocol keeps a callback already set and calls it first.
  transport.onerror = (error) => {
    const answer = unreadableLineAnswer(error);
    if (answer !== undefined) output.write(`${JSON.stringify(answer)}\n`);
  };
  return transport;
}
