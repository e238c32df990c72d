import type { Transform } from 'node:stream';
import { constants, createBrotliCompress, createBrotliDecompress, createGunzip, createGzip } from 'node:zlib';

/** How a piece is compressed; the manifest names it per record, so every codec ever written stays readable (decision 90). */
export type PieceCodec = 'gzip' | 'brotli';

/** The codec new pieces get (decision 90: brotli quality 3 with a 4 MiB window, smaller than `tar -czf` and faster). */
export const DEFAULT_CODEC: PieceCodec = 'brotli';

/** A piece file's extension, so a person can tell its codec without the manifest. */
export const codecExtension = (codec: PieceCodec): string => (codec === 'gzip' ? 'gz' : 'br');

/** The compressor's output chunk: 256 KiB, so a piece is written in few large writes (the bytes are the same). */
const WRITE_BYTES = 1 << 18;

/** A compressing stream for one piece of `length` bytes. */
export function compressor(codec: PieceCodec, length: number): Transform {
  if (codec === 'gzip') return createGzip({ level: 6, chunkSize: WRITE_BYTES });
  return createBrotliCompress({
    chunkSize: WRITE_BYTES,
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 3,
      [constants.BROTLI_PARAM_LGWIN]: 22,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: Math.min(length, 1 << 30),
    },
  });
}

export function decompressor(codec: PieceCodec): Transform {
  return codec === 'gzip' ? createGunzip() : createBrotliDecompress();
}
