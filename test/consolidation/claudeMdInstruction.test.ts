import { describe, expect, it } from 'vitest';
import { claudeMdInstructions } from '../../src/consolidation/claudeMdInstruction.js';

describe('claudeMdInstructions', () => {
  it('takes each line that says something, numbered as the file is on disk, without its list or quote marker', () => {
    const raw = [
      '---', // 1
      'description: house rules', // 2
      '---', // 3
      '# Conventions', // 4
      '', // 5
      '- Use 2-space indentation.', // 6
      '  * [x] Run `npm test` before pushing.', // 7
      '3. Never commit directly to main.', // 8
      '> Ask before deleting files.', // 9
      'Plain prose counts too, like this line.', // 10
    ].join('\n');
    expect(claudeMdInstructions('CLAUDE.md', raw)).toEqual([
      { file: 'CLAUDE.md', line: 6, text: 'Use 2-space indentation.' },
      { file: 'CLAUDE.md', line: 7, text: 'Run `npm test` before pushing.' },
      { file: 'CLAUDE.md', line: 8, text: 'Never commit directly to main.' },
      { file: 'CLAUDE.md', line: 9, text: 'Ask before deleting files.' },
      { file: 'CLAUDE.md', line: 10, text: 'Plain prose counts too, like this line.' },
    ]);
  });

  it('leaves out what is no instruction: code, comments, headings, rules and table borders (a table row may be one), lone @-references, single words', () => {
    const raw = [
      '## Build', // 1
      '```sh', // 2
      'npm run build --never-minify', // 3
      '```', // 4
      '<!-- a note for humans', // 5
      'that spans lines -->', // 6
      'Keep functions small. <!-- why: reviews -->', // 7
      '---', // 8
      '| a | b |', // 9
      '|---|---|', // 10
      '@docs/style.md', // 11
      'Important:', // 12
      '~~~', // 13
      'Never use this example.', // 14
      '~~~', // 15
    ].join('\n');
    expect(claudeMdInstructions('x.md', raw)).toEqual([
      { file: 'x.md', line: 7, text: 'Keep functions small.' },
      { file: 'x.md', line: 9, text: '| a | b |' },
    ]);
  });
});
