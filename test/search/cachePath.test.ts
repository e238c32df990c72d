import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultCachePath } from '../../src/search/cachePath.js';

const HOME = join('some', 'home');

describe('where a cache lives when no flag names it', () => {
  it('the environment variable wins when it is set', () => {
    expect(defaultCachePath('MEMLOG_X', 'x.db', { MEMLOG_X: join('elsewhere', 'x.db') }, HOME)).toBe(join('elsewhere', 'x.db'));
  });

  it('an empty variable is as if it were not set: the file in .memlog under home', () => {
    expect(defaultCachePath('MEMLOG_X', 'x.db', { MEMLOG_X: '' }, HOME)).toBe(join(HOME, '.memlog', 'x.db'));
  });

  it('no variable: the file named, in .memlog under the home given', () => {
    expect(defaultCachePath('MEMLOG_X', 'x.db', { OTHER: 'y' }, HOME)).toBe(join('some', 'home', '.memlog', 'x.db'));
    expect(defaultCachePath('MEMLOG_X', 'index.db', {}, join('another', 'home'))).toBe(join('another', 'home', '.memlog', 'index.db'));
  });
});
