/**
 * Gathers small pieces of output into writes of about 64 KB: a line per decision over a long
 * session is hundreds of thousands of lines, and a write call per line costs more than the
 * replay that made it.
 */
export class ChunkedWriter {
  #pieces: string[] = [];
  #length = 0;

  constructor(
    private readonly sink: (text: string) => void,
    private readonly chunkChars = 64 * 1024,
  ) {}

  write(text: string): void {
    this.#pieces.push(text);
    this.#length += text.length;
    if (this.#length >= this.chunkChars) this.flush();
  }

  /** Writes what is gathered; call it at the end. */
  flush(): void {
    if (this.#length === 0) return;
    this.sink(this.#pieces.join(''));
    this.#pieces = [];
    this.#length = 0;
  }
}
