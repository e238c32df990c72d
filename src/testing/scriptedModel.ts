import { MemlogError } from '../errors.js';
import type { ModelPort, ModelReply, ModelRequest } from '../model/port.js';
import { ZERO_USAGE } from '../model/port.js';
import { throwIfAborted } from '../model/abort.js';
import type { ContentBlock } from '../transcript/contentSchema.js';

/** One scripted answer: a reply (or just its content), an error to throw, or a function of the request. */
export type ScriptedStep = Partial<ModelReply> | Error | ((request: ModelRequest) => Partial<ModelReply> | Promise<Partial<ModelReply>>);

export class UnexpectedModelCallError extends MemlogError {
  constructor(calls: number) {
    super('model', `the scripted model was called ${calls} times but has only ${calls - 1} steps`, { calls });
  }
}

export class UnconsumedStepsError extends MemlogError {
  constructor(left: number) {
    super('model', `the scripted model still has ${left} unused step(s)`, { left });
  }
}

/**
 * A test double for the model port: consumes one step per call, records every request, and
 * fails loudly when called more (at the call) or fewer (at `assertDone`) times than scripted.
 */
export class ScriptedModel implements ModelPort {
  readonly name = 'scripted';
  readonly calls: ModelRequest[] = [];
  private readonly steps: ScriptedStep[];

  constructor(steps: readonly ScriptedStep[] = []) {
    this.steps = [...steps];
  }

  /** Adds steps after construction. */
  script(...steps: ScriptedStep[]): this {
    this.steps.push(...steps);
    return this;
  }

  async complete(request: ModelRequest, options: { readonly signal?: AbortSignal } = {}): Promise<ModelReply> {
    throwIfAborted(options.signal, 'scripted');
    this.calls.push(request);
    const step = this.steps.shift();
    if (step === undefined) throw new UnexpectedModelCallError(this.calls.length);
    if (step instanceof Error) throw step;
    const reply = typeof step === 'function' ? await step(request) : step;
    return {
      model: reply.model ?? 'scripted',
      content: reply.content ?? ([{ type: 'text', text: '' }] as ContentBlock[]),
      stopReason: reply.stopReason ?? 'end_turn',
      usage: reply.usage ?? ZERO_USAGE,
    };
  }

  /** Throws when scripted steps were never used. */
  assertDone(): void {
    if (this.steps.length > 0) throw new UnconsumedStepsError(this.steps.length);
  }
}
