import { describe, expect, it } from 'vitest';
import { visibleText } from '../../src/report/usage/visibleText.js';

describe('visibleText', () => {
  it('writes what a terminal would obey as \\uXXXX and leaves every other character alone', () => {
    expect(visibleText('tab\there')).toBe('tab\\u0009here');
    expect(visibleText('\u001b[31mred')).toBe('\\u001B[31mred');
    expect(visibleText('a\rb\u0007\u0085\u202e')).toBe('a\\u000Db\\u0007\\u0085\\u202E');
    expect(visibleText('日本-😀-é')).toBe('日本-😀-é');
  });
});
