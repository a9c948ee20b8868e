/**
 * sfc32 (Small Fast Chaotic PRNG, Chris Doty-Humphrey): deterministic, 128-bit state, fast in 32-bit JS
 * arithmetic. Randomness comes in (a seed from the service's cryptographic source, or a test seed); the
 * engine never creates it (docs/ARCHITECTURE.md: nothing impure in the domain).
 */
export interface Rng {
  /** Next uniformly distributed unsigned 32-bit integer. */
  nextUint32(): number;
}

export type Seed = number | string | Uint8Array;

/** Folds any seed into four 32-bit words with a murmur-style mixer (distinct seeds give distinct states). */
const seedWords = (seed: Seed): [number, number, number, number] => {
  const bytes = typeof seed === 'number'
    ? utf8(`n:${seed}`)
    : typeof seed === 'string' ? utf8(`s:${seed}`) : seed;
  let h1 = 0x9e3779b9, h2 = 0x243f6a88, h3 = 0xb7e15162, h4 = 0xdeadbeef;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    h1 = Math.imul(h1 ^ b, 0x85ebca6b);
    h2 = Math.imul(h2 ^ b ^ (h1 >>> 15), 0xc2b2ae35);
    h3 = Math.imul(h3 ^ b ^ (h2 >>> 13), 0x27d4eb2f);
    h4 = Math.imul(h4 ^ b ^ (h3 >>> 16), 0x165667b1);
  }
  h1 ^= bytes.length;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
};

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

export const createRng = (seed: Seed): Rng => {
  let [a, b, c, d] = seedWords(seed);
  const next = (): number => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    const r = (t + d) | 0;
    c = (c + r) | 0;
    return r >>> 0;
  };
  for (let i = 0; i < 15; i++) next(); // discard the first outputs, as the sfc32 reference does
  return { nextUint32: next };
};

/** Unbiased integer in [0, bound) by rejection (bound ≤ 2^32). */
export const randomBelow = (rng: Rng, bound: number): number => {
  const limit = 0x100000000 - (0x100000000 % bound);
  for (;;) {
    const x = rng.nextUint32();
    if (x < limit) return x % bound;
  }
};
