import { describe, expect, it } from 'vitest';
import { ModelPortError } from '../../src/errors.js';
import { lazySdk, onceMade } from '../../src/model/lazySdk.js';

/** An error shaped as Node's when an import names a package that is not installed. */
function notInstalled(name: string): Error {
  return Object.assign(new Error(`Cannot find package '${name}' imported from the adapter`), { code: 'ERR_MODULE_NOT_FOUND' });
}

describe('an SDK imported on first use (decision 118)', () => {
  it('a failed attempt is not kept: the next call tries again, and what it then makes is kept', async () => {
    const outcomes = [new Error('transient'), 'made'];
    let attempts = 0;
    const get = onceMade(() => {
      const outcome = outcomes[attempts++];
      return outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve(outcome);
    });
    await expect(get()).rejects.toThrow('transient');
    await expect(get()).resolves.toBe('made');
    await expect(get()).resolves.toBe('made');
    expect(attempts).toBe(2);
  });

  it('calls made while an attempt is under way share it, and all hear of its failure', async () => {
    let attempts = 0;
    let fail: (error: Error) => void = () => {};
    const get = onceMade(() => {
      attempts++;
      return new Promise<string>((_resolve, reject) => (fail = reject));
    });
    const both = Promise.allSettled([get(), get()]);
    fail(new Error('down'));
    expect((await both).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(attempts).toBe(1);
    void get().catch(() => {});
    expect(attempts).toBe(2);
  });

  it('a package that is not installed: a ModelPortError naming it and the command that installs it', async () => {
    const load = lazySdk('@anthropic-ai/sdk', () => Promise.reject(notInstalled('@anthropic-ai/sdk')));
    const error: unknown = await load().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelPortError);
    expect((error as Error).message).toBe(
      'the package @anthropic-ai/sdk is not installed, and this model needs it: run `npm install @anthropic-ai/sdk` where memlog is installed (or reinstall memlog), then try again',
    );
    expect(error).toMatchObject({ context: { package: '@anthropic-ai/sdk', missing: true } });
  });

  it('any other failure to load names the package and its cause, and is not taken for a missing package', async () => {
    // A package the SDK itself imports is missing: installing the SDK's name is not the fix, so no command is offered.
    const load = lazySdk('openai', () => Promise.reject(notInstalled('some-dependency')));
    const error: unknown = await load().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelPortError);
    expect((error as Error).message).toBe(
      "the package openai could not be loaded (Cannot find package 'some-dependency' imported from the adapter); the next call tries again",
    );
    expect((error as Error).message).not.toContain('npm install');
  });

  it('a package that throws while it loads: its cause, and no promise that the next call fares better', async () => {
    // Node keeps a module that threw while loading in its failed state, so importing it again throws again.
    const load = lazySdk('openai', () => Promise.reject(new TypeError('Cannot read properties of undefined')));
    const error: unknown = await load().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelPortError);
    expect((error as Error).message).toBe('the package openai could not be loaded (Cannot read properties of undefined)');
    expect(error).toMatchObject({ context: { package: 'openai', missing: false } });
  });

  it('an import rejected with no error object still fails as a ModelPortError naming the package', async () => {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the case under test: a rejection that is no Error
    const load = lazySdk('openai', () => Promise.reject(undefined));
    const error: unknown = await load().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelPortError);
    expect((error as Error).message).toBe('the package openai could not be loaded (undefined)');
  });
});
