import { describe, expect, it } from 'vitest';
import { hasHarnessTag, stripHarnessTags } from '../../../src/memory/durable/index.js';

describe('harness tags in memory text', () => {
  it('a reminder element goes whole, content and all; the text around it stays', () => {
    expect(stripHarnessTags('The user prefers tabs.\n<system-reminder>\nFiles changed.\n</system-reminder>\nAlways.')).toBe(
      'The user prefers tabs.\n\nAlways.',
    );
  });

  it('two elements never swallow the text between them; nested and stray tags go too', () => {
    expect(stripHarnessTags('<command-name>/x</command-name> keep <command-args>a</command-args>')).toBe(' keep ');
    expect(stripHarnessTags('a <system-reminder>x <command-name>y</command-name> z</system-reminder> b')).toBe('a  b');
    expect(stripHarnessTags('cut </system-reminder> short')).toBe('cut  short');
  });

  it('other tags and angle brackets are text', () => {
    const text = 'Use <div> and `Array<string>`; see <system-reminders> (not a tag we know).';
    expect(stripHarnessTags(text)).toBe(text);
    expect(hasHarnessTag(text)).toBe(false);
  });
});
