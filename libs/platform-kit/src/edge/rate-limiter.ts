import { verifyRequestToken } from '../auth/verify-token';
import { headerOf, HttpRequest, HttpResponse, NextFunction } from '../context/http-types';

export interface RateLimitOptions {
  /** Sustained requests per second per authenticated client (token subject); default RATE_LIMIT_PER_SECOND or 500; 0 = off. */
  readonly perSecond?: number;
  /** Requests a client may send at once before the sustained rate applies (default 2 × perSecond). */
  readonly burst?: number;
  /** Per address, for requests without a valid token; default RATE_LIMIT_ANONYMOUS_PER_SECOND or 50; 0 = off. */
  readonly anonymousPerSecond?: number;
  /** Default 4 × anonymousPerSecond: a page and its feeds load at once. */
  readonly anonymousBurst?: number;
}

const envNumber = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return process.env[name] !== undefined && Number.isFinite(value) && value >= 0 ? value : fallback;
};

interface Bucket {
  tokens: number;
  at: number;
}

/** Token buckets by client key; the oldest are forgotten past `maxClients`, so a flood of keys cannot grow it. */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly maxClients = 20_000) {}

  /** 0 when the request may go ahead, else the seconds until it may. */
  take(key: string, perSecond: number, burst: number, now = Date.now()): number {
    let bucket = this.buckets.get(key);
    if (bucket) {
      this.buckets.delete(key); // re-inserted below: Map order is then least recently used first
      bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
      bucket.at = now;
    } else {
      bucket = { tokens: burst, at: now };
      if (this.buckets.size >= this.maxClients) this.buckets.delete(this.buckets.keys().next().value as string);
    }
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
  }
}

// Probes and scrapes come from the orchestrator at its own pace; limiting them would only fail the probe.
const EXEMPT = /^\/(health|metrics)(\/|$|\?)/;

/**
 * Per-client rate limiting at the edge, before the body is read: an authenticated client is
 * its token's subject, anyone else their address, with a much lower allowance. Answered 429 with Retry-After,
 * and never audited: a flood must cost the service as little as possible.
 */
export const rateLimiter = (secret: string, options: RateLimitOptions = {}) => {
  const perSecond = options.perSecond ?? envNumber('RATE_LIMIT_PER_SECOND', 500);
  const burst = options.burst ?? perSecond * 2;
  const anonymousPerSecond = options.anonymousPerSecond ?? envNumber('RATE_LIMIT_ANONYMOUS_PER_SECOND', 50);
  const anonymousBurst = options.anonymousBurst ?? anonymousPerSecond * 4;
  const buckets = new TokenBuckets();
  return function rateLimit(req: HttpRequest, res: HttpResponse, next: NextFunction): void {
    if (EXEMPT.test(req.url ?? '')) return next();
    const subject = subjectOf(req, secret);
    const [key, rate, size] = subject ? [`sub:${subject}`, perSecond, burst] : [`ip:${req.socket?.remoteAddress ?? 'unknown'}`, anonymousPerSecond, anonymousBurst];
    if (rate <= 0) return next();
    const wait = buckets.take(key, rate, size);
    if (wait === 0) return next();
    res.statusCode = 429;
    res.setHeader('Retry-After', String(wait));
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(
      JSON.stringify({
        statusCode: 429,
        error: 'Too Many Requests',
        code: 'RATE_LIMITED',
        message: `Too many requests from this client; retry after ${wait} s.`,
      }),
    );
  };
};

const subjectOf = (req: HttpRequest, secret: string): string | undefined => {
  const authorization = headerOf(req, 'authorization');
  if (!authorization) return undefined;
  try {
    return verifyRequestToken(req, authorization, secret).sub;
  } catch {
    return undefined;
  }
};
