import { describe, expect, it } from 'vitest';
import { isServiceAdvice, isProviderErrorLine } from '../../../src/model/offline/providerErrors.js';
import { isSerializedLine } from '../../../src/model/offline/serializedText.js';
import { isReference } from '../../../src/model/offline/statementKinds.js';
import { isCodeLine } from '../../../src/model/offline/unfencedCode.js';
import { keptAlone } from '../../support/keptAfterAWorkTurn.js';

// Machine text read as the person's words (decision 135): a printed string or object, unfenced code and a provider's
// error message. Example texts written for these tests.

describe('a serialized string or an object printout pasted as prose', () => {
  const printout =
    "result=Reply(text='Sure.\\n\\n1. **Docs**: see [the site](https://docs.example.org) for details.\\n2. It\\'s always a good idea to pin versions.', cached=None, retries=None)\nThe summary did not load.";

  it('is no rule and no reference', () => {
    expect(keptAlone(printout)).toEqual([]);
    expect(keptAlone("reply: 'Keep commits small.\\nIt\\'s always wise to pin versions.\\nSee \\\"docs.example.org\\\" first.'")).toEqual(
      [],
    );
  });

  it('is told by several marks, not by one typed on purpose', () => {
    expect(isSerializedLine("Message(role='user', content='hi')")).toBe(true);
    expect(isSerializedLine('one.\\ntwo.\\nthree.\\nfour')).toBe(true);
    expect(isSerializedLine('(s=-1, phi0=0) for the second hypothesis')).toBe(false);
    expect(isSerializedLine('Always write paths as C:\\new\\notes on the build box.')).toBe(false);
  });

  it("leaves the person's rules of the same words and their paths and escapes", () => {
    expect(keptAlone("We always pin versions: it's always a good idea.")).not.toEqual([]);
    expect(keptAlone('Always write paths as C:\\new\\notes on the build box.')).toEqual([
      'Always write paths as C:\\new\\notes on the build box.',
    ]);
    expect(keptAlone('Replace \\n\\n with a single space in the titles from now on.')).not.toEqual([]);
    expect(keptAlone('We always split lines on `\\n` in the parser.')).toEqual(['We always split lines on `\\n` in the parser.']);
  });
});

describe('code typed without a fence', () => {
  it('is no reference: a length in code is no chat channel', () => {
    expect(
      keptAlone(
        'this is the part we need\n            if not vim.tbl_isempty(items) and #items == 2 then\n              return os.execute("ls " .. name)\n            end',
      ),
    ).toEqual([]);
    expect(keptAlone('If not vim.tbl_isempty(items) and #items == 2 then')).toEqual([]);
    expect(isReference('When #items > 3, split the list.')).toBe(false);
  });

  it('is told by two marks of code, or a block closing alone', () => {
    expect(isCodeLine('local function exists(name)')).toBe(true);
    expect(isCodeLine('    end,')).toBe(true);
    expect(isCodeLine('Always call api.init() before rendering.')).toBe(false);
  });

  it('leaves real references and rules that name code', () => {
    expect(keptAlone('Ask in #deploys before merging.')).toEqual(['Ask in #deploys before merging.']);
    expect(isReference('Ask in #deploys before merging.')).toBe(true);
    expect(keptAlone('The runbook is at docs.example.com.')).toEqual(['The runbook is at docs.example.com.']);
    expect(keptAlone('The staging dashboard is at https://grafana.example.com/d/abc')).not.toEqual([]);
    expect(keptAlone('Always call api.init() before rendering.')).toEqual(['Always call api.init() before rendering.']);
    expect(keptAlone('Use === instead of == in comparisons.')).not.toEqual([]);
    expect(keptAlone('Prefer vim.tbl_isempty(items) over #items == 0 checks.')).not.toEqual([]);
  });
});

describe("a provider's error pasted into a prompt", () => {
  it('is the service message, its advice to its reader included', () => {
    expect(
      keptAlone(
        'Error: Error creating Bucket: googleapi: Error 409: The bucket name is taken. If you created this bucket recently, wait a minute for the change to propagate to our systems and retry.',
      ),
    ).toEqual([]);
    expect(
      keptAlone(
        'the deploy stops with Error 403: Quota exceeded for project demo. Enable billing then retry.\nAlways deploy from the release branch.',
      ),
    ).toEqual(['Always deploy from the release branch.']);
    expect(keptAlone('If you enabled this API recently, wait a few minutes for it to propagate to our systems and retry.')).toEqual([]);
  });

  it('is told by its label and its advice, not by a person naming an error', () => {
    expect(isProviderErrorLine('Error 403: Permission denied on resource project demo.')).toBe(true);
    expect(isProviderErrorLine('openapi: we write the spec by hand')).toBe(false);
    expect(isServiceAdvice('If the deploy fails, wait a few minutes and retry.')).toBe(false);
  });

  it("leaves the person's rule of the same shape", () => {
    expect(keptAlone('If the deploy fails, wait a few minutes and retry.')).toEqual(['If the deploy fails, wait a few minutes and retry.']);
    expect(keptAlone('Always deploy from main. The deploy then stops with Error 403: Quota exceeded. Enable billing then retry.')).toEqual([
      'Always deploy from main.',
    ]);
  });
});
