import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { belowGiven } from '../../src/cli/belowGiven.js';

describe('a path the search index knows, named below the folder as given', () => {
  const shown = belowGiven(['projects', join('other', 'session.jsonl')]);

  it('is below a relative folder as given, and a transcript given alone is as given', () => {
    expect(shown(resolve('projects', '-home-dev-app', 's.jsonl'))).toBe(join('projects', '-home-dev-app', 's.jsonl'));
    expect(shown(resolve('other', 'session.jsonl'))).toBe(join('other', 'session.jsonl'));
  });

  it('stays absolute outside every path given, a sibling whose name starts with two dots included', () => {
    const outside = resolve('elsewhere', 's.jsonl');
    expect(shown(outside)).toBe(outside);
    const dotted = resolve('..projects', 's.jsonl');
    expect(belowGiven([resolve('.', 'x')])(dotted)).toBe(dotted);
    expect(belowGiven(['.'])(resolve('..projects', 's.jsonl'))).toBe(join('..projects', 's.jsonl'));
  });
});
