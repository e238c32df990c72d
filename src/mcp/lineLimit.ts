import { Transform, type TransformCallback } from 'node:stream';

const NEWLINE = 0x0a;

/**
 * Passes stdin's lines on whole, each at most `maxLine` bytes, and drops a longer one up to its newline, telling
 * `onOverlong` when it ends. The SDK's stdio transport gives up on a line over its buffer's size: it closes and
 * stops reading, so one long line would end the server; here it is one line dropped, and the next is read.
 */
export class LineLimit extends Transform {
  private held: Buffer[] = [];
  private heldBytes = 0;
  private skipping = false;

  constructor(
    private readonly maxLine: number,
    private readonly onOverlong: () => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline === -1 ? chunk.length : newline + 1;
      this.takePiece(chunk.subarray(start, end), newline !== -1);
      start = end;
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    // A last line without its newline is passed on as it is: the transport decides what an unended line is.
    if (this.heldBytes > 0) this.push(Buffer.concat(this.held));
    done();
  }

  /** One piece of a line: all of it up to its end, or what this chunk holds of it. */
  private takePiece(piece: Buffer, endsLine: boolean): void {
    const content = piece.length - (endsLine ? 1 : 0);
    if (!this.skipping && this.heldBytes + content > this.maxLine) {
      this.skipping = true;
      this.held = [];
      this.heldBytes = 0;
    }
    if (this.skipping) {
      if (endsLine) {
        this.skipping = false;
        this.onOverlong();
      }
      return;
    }
    this.held.push(piece);
    this.heldBytes += piece.length;
    if (endsLine) {
      this.push(Buffer.concat(this.held));
      this.held = [];
      this.heldBytes = 0;
    }
  }
}
