import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readProgress } from '../../src/cli/readProgress.js';

/** A stream that says it is a terminal and keeps what is written to it. */
function terminal(isTTY: boolean): { stream: NodeJS.WriteStream; written: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      text += chunk.toString();
      callback();
    },
  }) as unknown as NodeJS.WriteStream;
  Object.assign(stream, { isTTY, columns: 160 });
  return { stream, written: () => text };
}

const MB = 1024 * 1024;

describe('the progress of reading a big transcript', () => {
  it('on a terminal, shows bytes read of the whole in MB, a rate and an ETA, and goes when done', () => {
    const { stream, written } = terminal(true);
    const progress = readProgress('inspect', 'big.jsonl', 512 * MB, stream, 64 * MB);
    for (let read = 0; read <= 512 * MB; read += 8 * MB) progress.read(read);
    progress.stop();
    const text = written();
    expect(text).toMatch(/memlog inspect big\.jsonl \[[=-]+\] \d+\/512 MB \| \d+ MB\/s \| ETA /);
    expect(text).toContain('512/512 MB');
  });

  it('says nothing on a pipe, or for a file read in a moment', () => {
    const pipe = terminal(false);
    const onPipe = readProgress('inspect', 'big.jsonl', 512 * MB, pipe.stream, 64 * MB);
    onPipe.read(100 * MB);
    onPipe.stop();
    expect(pipe.written()).toBe('');
    const small = terminal(true);
    const quick = readProgress('inspect', 'small.jsonl', 10 * MB, small.stream, 64 * MB);
    quick.read(5 * MB);
    quick.stop();
    expect(small.written()).toBe('');
  });
});
