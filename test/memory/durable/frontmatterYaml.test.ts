import { describe, expect, it } from 'vitest';
import { parseFrontmatterYaml } from '../../../src/memory/durable/frontmatterYaml.js';
import { parseTopicFile, readTopicHeader } from '../../../src/memory/durable/topicFile.js';

describe('frontmatter YAML (decision 64)', () => {
  it('an unknown tag is a problem at its line of the file, the value read as plain text', () => {
    const parsed = parseFrontmatterYaml('name: a\ndescription: !custom how we deploy');
    expect(parsed).toEqual({
      ok: true,
      data: { name: 'a', description: 'how we deploy' },
      problems: [{ line: 3, message: 'unresolved tag !custom (its value is read as plain text)' }],
    });
    expect(readTopicHeader('---\nname: a\ndescription: !custom d\n---\n')?.problems).toEqual([
      { line: 3, message: 'unresolved tag !custom (its value is read as plain text)' },
    ]);
  });

  it('aliases that expand past the limit make the frontmatter unreadable, with a one-line reason, not a throw', () => {
    let source = 'a: &a [x, x, x, x, x, x, x, x, x, x]\n';
    for (let i = 0, previous = 'a'; i < 12; previous = `b${i}`, i++)
      source += `b${i}: &b${i} [${Array(10).fill(`*${previous}`).join(', ')}]\n`;
    const parsed = parseFrontmatterYaml(source);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.reason).toMatch(/^Excessive alias count/);
    expect(parseTopicFile(`---\n${source}description: d\ntype: user\n---\n`, 'x.md')).toMatchObject({ ok: false });
  });
});
