import { describe, expect, it } from 'vitest';
import { backgroundWriteNotice } from '../../src/context/backgroundWriteNotice.js';

describe('the note after background memory writes (spec-2.1.332 §1 "Afterwards")', () => {
  it('nothing changed: no note', () => {
    expect(backgroundWriteNotice('/m', [], new Set())).toBeNull();
  });

  it('lists each changed file once with its last change, hidden in a system reminder; a file already read is called out of date', () => {
    const notice = backgroundWriteNotice(
      '/m',
      [
        { file: 'tabs.md', change: 'added', by: 'extraction' },
        { file: 'MEMORY.md', change: 'updated', by: 'extraction' },
        { file: 'tabs.md', change: 'removed', by: 'consolidation' },
        { file: 'build.md', change: 'updated', by: 'consolidation' },
      ],
      new Set(['/m/build.md', '/elsewhere/tabs.md']),
    );
    expect(notice?.kind).toBe('memory_background_write');
    expect(notice?.text).toBe(
      [
        '<system-reminder>',
        'Since the last message, a background memory run changed these files in the memory directory:',
        '- /m/MEMORY.md (updated by memory extraction)',
        '- /m/tabs.md (removed by memory consolidation)',
        '- /m/build.md (updated by memory consolidation)',
        '',
        'Earlier in this conversation you read this one, and what you saw is now out of date: /m/build.md. Read it again before relying on it.',
        '</system-reminder>',
      ].join('\n'),
    );
  });
});
