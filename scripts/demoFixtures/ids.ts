import { createHash } from 'node:crypto';

/** Deterministic id source: every id is a sha256 of the seed and a running counter. */
export class Ids {
  private counter = 0;

  constructor(private readonly seed: string) {}

  hex(length: number, kind = 'hex'): string {
    let out = '';
    while (out.length < length) {
      out += createHash('sha256').update(`${this.seed}:${kind}:${this.counter++}`).digest('hex');
    }
    return out.slice(0, length);
  }

  /** A lowercase UUID with the version-4 and RFC 4122 variant nibbles set. */
  uuid(): string {
    const h = this.hex(32, 'uuid');
    const variant = ((parseInt(h.charAt(16), 16) & 0x3) | 0x8).toString(16);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }

  messageId(): string {
    return `msg_${this.hex(24, 'msg')}`;
  }

  toolUseId(): string {
    return `toolu_${this.hex(24, 'toolu')}`;
  }

  requestId(): string {
    return `req_${this.hex(24, 'req')}`;
  }

  agentId(): string {
    return `a${this.hex(16, 'agent')}`;
  }

  /** Opaque base64 text standing in for a thinking-block signature. */
  signature(): string {
    return Buffer.from(this.hex(192, 'sig'), 'hex').toString('base64');
  }
}

/** Fixed wall clock that only moves when told to. */
export class Clock {
  constructor(private ms: number) {}

  static at(iso: string): Clock {
    return new Clock(Date.parse(iso));
  }

  tick(stepMs: number): string {
    this.ms += stepMs;
    return this.iso();
  }

  iso(): string {
    return new Date(this.ms).toISOString();
  }

  epochMs(): number {
    return this.ms;
  }
}

export function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}
