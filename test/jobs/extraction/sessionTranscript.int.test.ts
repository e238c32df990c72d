import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionTranscript } from '../../../src/jobs/extraction/sessionTranscript.js';
import { tempDir } from '../../support/tempDir.js';

function session(lines: readonly object[]): string {
  const path = join(tempDir(), 's.jsonl');
  writeFileSync(path, lines.map((line) => `${JSON.stringify(line)}\n`).join('') + 'not json\n');
  return path;
}

const user = (uuid: string, extra: object = {}) => ({
  type: 'user',
  uuid,
  parentUuid: null,
  timestamp: '2026-01-01T00:00:00.000Z',
  message: { role: 'user', content: 'hi' },
  ...extra,
});

describe('sessionTranscript: one walk, and what the runs ask of it', () => {
  it('notes the first cwd and session id as the walk passes: after it, nothing is read again', () => {
    const path = session([
      user('a'),
      user('b', { cwd: '/home/dev/app', sessionId: 'sid-1' }),
      user('c', { cwd: '/elsewhere', sessionId: 'sid-2' }),
    ]);
    const transcript = sessionTranscript(path);
    expect([...transcript.entries].map((e) => e.seq)).toEqual([0, 1, 2]);
    rmSync(path);
    expect(transcript.cwd()).toBe('/home/dev/app');
    expect(transcript.sessionId()).toBe('sid-1');
    expect(transcript.diagnostics()).toBe(1);
  });

  it('reads ahead for a value the walk has not reached, and says where the file ends', () => {
    const path = session([user('a'), user('b', { cwd: '/home/dev/app', sessionId: '' }), user('c', { sessionId: 'sid-2' })]);
    const transcript = sessionTranscript(path);
    expect(transcript.sessionId()).toBe('sid-2');
    expect(transcript.cwd()).toBe('/home/dev/app');
    expect(transcript.end()).toEqual({ seq: 2, uuid: 'c' });
  });
});
