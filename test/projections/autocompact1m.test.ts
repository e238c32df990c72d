import { describe, expect, it } from 'vitest';
import type { Entry } from '../../src/index.js';
import { resolveSettings } from '../../src/pipeline/policySettings.js';
import { claudeCodeRules } from '../../src/projections/triggerPolicy.js';
import { createAutocompactTrigger } from '../../src/projections/index.js';
import { assistantEntry, text, userEntry } from '../../src/testing/entryBuilders.js';
import { triggerSpec } from '../support/givenWhenThen.js';

const usage = (total: number) => ({ input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: total });
let n = 0;
const id = (prefix: string): string => `${prefix}${++n}`;
/** A prompt and a response of the given context size, written by the given Claude Code version. */
const turn = (version: string, tokens: number): Entry[] =>
  [userEntry(id('u'), 'q'), assistantEntry(id('a'), id('m'), text(''), { usage: usage(tokens) })].map((e) => ({ ...e, version }));

describe('the automatic window of 1M-context models (Claude Code 2.1.337)', () => {
  const oneMillion = { contextWindow: 1_000_000 };
  const claudeCode = triggerSpec(createAutocompactTrigger(resolveSettings({ policy: 'claude-code', autocompact: oneMillion }).autocompact));

  it('from 2.1.337, a 1M model compacts near 300,000 tokens: the window is 300,000, the threshold 267,000', () => {
    expect(claudeCodeRules('2.1.337').release).toBe('2.1.337');
    claudeCode.when(...turn('2.1.337', 266_999)).thenNothing();
    claudeCode.when(...turn('2.1.337', 267_000)).thenMatch([{ kind: 'compaction_due', tokens: 267_000, threshold: 267_000 }]);
  });

  it('before 2.1.337, the same session waits for the 1M threshold (967,000)', () => {
    claudeCode.when(...turn('2.1.332', 500_000)).thenNothing();
    claudeCode.when(...turn('2.1.332', 967_000)).thenMatch([{ kind: 'compaction_due', threshold: 967_000 }]);
  });

  it('a 200K model is unchanged in 2.1.337, and memlog’s policy keeps the window it is given', () => {
    const small = triggerSpec(createAutocompactTrigger(resolveSettings({ policy: 'claude-code' }).autocompact));
    small.when(...turn('2.1.337', 167_000)).thenMatch([{ kind: 'compaction_due', threshold: 167_000 }]);
    const memlog = triggerSpec(createAutocompactTrigger(resolveSettings({ policy: 'memlog', autocompact: oneMillion }).autocompact));
    memlog.when(...turn('2.1.337', 500_000)).thenNothing();
  });
});
