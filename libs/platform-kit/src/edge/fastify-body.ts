import type { IncomingMessage } from 'node:http';
import type { Http2ServerRequest } from 'node:http2';
import { parse as parseQueryString } from 'node:querystring';
import { Transform, type Readable } from 'node:stream';
import { createGunzip, createInflate } from 'node:zlib';
import { headerOf } from '../context/http-types';
import { BODY_PARSER_OPTIONS, MAX_BODY_BYTE_COUNT } from './request-body';

/**
 * Under Fastify, the body parsing Express's body-parser does for every service, with the same limits and the
 * same refusals (status, and the error `type` the error filter names for the caller): a body past 100 kB after
 * decompression 413, malformed or non-object JSON 400, a charset other than UTF-8 415, an unknown content
 * encoding 415, a form with more fields than any operation takes 413. An empty JSON body is `{}`, as there.
 */

type Done = (error: Error | null, body?: unknown) => void;

/** An error shaped like body-parser's (http-errors), so clientErrorBody answers it the same under both adapters. */
const bodyError = (status: number, type: string, message: string): Error => Object.assign(new Error(message), { status, statusCode: status, type, expose: true });

const charsetOf = (req: IncomingMessage | Http2ServerRequest): string | undefined => /;\s*charset\s*=\s*"?([^";]+)"?/i.exec(String(req.headers['content-type'] ?? ''))?.[1]?.trim().toLowerCase();

const refusedCharset = (req: IncomingMessage | Http2ServerRequest): Error | undefined => {
  const charset = charsetOf(req);
  return charset === undefined || charset === 'utf-8' || charset === 'utf8' ? undefined : bodyError(415, 'charset.unsupported', `unsupported charset "${charset.toUpperCase()}"`);
};

// body-parser's strict mode: only an object or an array is a body.
const FIRST_CHARACTER = /^[ \t\n\r]*([^ \t\n\r])/;

export const parseJsonBody = (req: IncomingMessage | Http2ServerRequest, body: Buffer, done: Done): void => {
  const refusal = refusedCharset(req);
  if (refusal) return done(refusal);
  if (body.length === 0) return done(null, {});
  const text = body.toString('utf8');
  const first = FIRST_CHARACTER.exec(text)?.[1];
  if (first !== '{' && first !== '[') return done(bodyError(400, 'entity.parse.failed', 'The body must be a JSON object or array.'));
  let parsed: unknown;
  try {
    // JSON.parse as body-parser does (keys such as __proto__ become own fields, which validation then names).
    parsed = JSON.parse(text);
  } catch (error) {
    return done(bodyError(400, 'entity.parse.failed', String(error)));
  }
  done(null, parsed);
};

export const parseFormBody = (req: IncomingMessage | Http2ServerRequest, body: Buffer, done: Done): void => {
  const refusal = refusedCharset(req);
  if (refusal) return done(refusal);
  const text = body.toString('utf8');
  const { parameterLimit } = BODY_PARSER_OPTIONS.urlencoded;
  if (text.length > 0 && text.split('&').length > parameterLimit) return done(bodyError(413, 'parameters.too.many', 'too many parameters'));
  done(null, { ...parseQueryString(text, '&', '=', { maxKeys: parameterLimit }) });
};

/**
 * Fastify's preParsing hook. Fastify's own size refusal reaches Nest as a bare HttpException, so the limit is
 * kept here first, the way body-parser keeps it: a declared length past it is 413 before a byte is read, a
 * chunked or compressed body is counted as it arrives (a gzip or deflate body as it inflates, so a small bomb
 * is refused 413); any other encoding is 415, and a body that does not inflate 400.
 */
export const readBody = (req: IncomingMessage, payload: Readable, done: (error: Error | null, payload?: Readable) => void): void => {
  const declared = headerOf(req, 'content-length');
  if (declared !== undefined && Number(declared) > MAX_BODY_BYTE_COUNT) return done(tooLarge());
  const encoding = (headerOf(req, 'content-encoding') ?? 'identity').trim().toLowerCase();
  // A plain body of a declared length cannot outgrow it (Node's parser stops there): nothing to count.
  if (encoding === 'identity' && (declared !== undefined || headerOf(req, 'transfer-encoding') === undefined)) return done(null, payload);
  if (encoding !== 'identity' && encoding !== 'gzip' && encoding !== 'deflate') return done(bodyError(415, 'encoding.unsupported', `unsupported content encoding "${encoding}"`));
  let received = 0;
  // What Fastify reads; it compares the encoded bytes with Content-Length.
  const body = Object.assign(
    new Transform({
      transform(chunk: Buffer, _encoding, next) {
        received += chunk.length;
        next(received > MAX_BODY_BYTE_COUNT ? tooLarge() : null, chunk);
      },
    }),
    { receivedEncodedLength: 0 },
  );
  payload.on('data', (chunk: Buffer) => (body.receivedEncodedLength += chunk.length));
  if (encoding === 'identity') payload.pipe(body);
  else {
    const inflating = encoding === 'gzip' ? createGunzip() : createInflate();
    inflating.on('error', (error) => body.destroy(bodyError(400, 'entity.parse.failed', `The body does not inflate as ${encoding}: ${error.message}`)));
    payload.pipe(inflating).pipe(body);
  }
  done(null, body);
};

const tooLarge = (): Error => bodyError(413, 'entity.too.large', 'request entity too large');
