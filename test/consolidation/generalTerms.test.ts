import { describe, expect, it } from 'vitest';
import { alignGeneralTerms, namesOthersOfAKind } from '../../src/consolidation/generalTerms.js';
import { subjectTerms } from '../../src/consolidation/subjectTerms.js';

const terms = (text: string) => subjectTerms(text);

describe('general words and the words of their kind (decision 119)', () => {
  it('reads a release stage as "prerelease" when the other side says only the general word', () => {
    const [a, b] = alignGeneralTerms(terms('We are prerelease, we only do patch'), terms('while in beta we only do patch releases'));
    expect(a).toEqual(['prereleas', 'patch']);
    expect(b).toEqual(['prereleas', 'patch', 'releas']);
  });

  it('leaves two stages of one kind apart, and a side that names a stage itself as it is', () => {
    const alpha = terms('During the alpha we cut patch versions');
    const beta = terms('During the beta we cut patch versions');
    expect(alignGeneralTerms(alpha, beta)).toEqual([alpha, beta]);
    const both = terms('Prerelease means the beta for us');
    const [, rc] = alignGeneralTerms(both, terms('In the rc we cut patch versions'));
    expect(rc).toEqual(terms('In the rc we cut patch versions'));
  });

  it('returns the very lists given when nothing met, so a caller can tell', () => {
    const a = terms('Run the linter before pushing');
    const b = terms('Lint before every push');
    const [ta, tb] = alignGeneralTerms(a, b);
    expect(ta).toBe(a);
    expect(tb).toBe(b);
  });

  it('a hyphenated prefix is the word written joined', () => {
    expect(terms('pre-release builds')).toEqual(terms('prerelease builds'));
    expect(terms('spawn sub-agents')).toEqual(terms('spawn subagents'));
  });

  it('tells two stages of one kind apart, and not a stage from its general word or from no stage', () => {
    expect(namesOthersOfAKind(terms('during the alpha'), terms('during the beta'))).toBe(true);
    expect(namesOthersOfAKind(terms('alpha and beta builds'), terms('beta builds'))).toBe(false);
    expect(namesOthersOfAKind(terms('we are prerelease'), terms('during the beta'))).toBe(false);
    expect(namesOthersOfAKind(terms('patch versions only'), terms('during the beta'))).toBe(false);
  });
});
