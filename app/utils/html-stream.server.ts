import { Transform } from "node:stream";

/**
 * React 18's streaming renderer sends a whole 2048-byte buffer when a character of two or more
 * bytes does not fit in what is left of it, unused zero bytes included: "sesión" could arrive as
 * "sesi\0ón", which a browser shows as "sesi�ón". A zero byte is never part of a character in
 * UTF-8 (nor of any page we render), so dropping every one of them gives back the page React meant.
 */
export function withoutZeroBytes(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, chunk.includes(0) ? chunk.filter((byte) => byte !== 0) : chunk);
    },
  });
}
