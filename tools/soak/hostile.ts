/**
 * A bounded batch of hostile requests sent while the floor plays: malformed, out-of-range, oversized, deeply
 * nested and wrong-type bodies and injection attempts in path and query parameters (each must be a 4xx, never
 * a 5xx), and forged, expired, `alg: none`, wrong-secret and unknown-role tokens and out-of-jurisdiction or
 * under-ranked callers (each must be refused). Nothing they send may change state: the store-level invariants
 * check that every stored event belongs to an acknowledged command.
 */
import { createRng, randomBelow } from '@app/baccarat';
import { CASINO_IDS } from '@app/baccarat';
import { isCasinoBound, issueToken, Role } from '@app/platform-kit';
import jwt from 'jsonwebtoken';
import { exchange } from './console-client';

export interface HostileOutcome {
  readonly malformedRequests: number;
  /** Malformed requests answered 2xx (reads may be; a command that changed state fails the store invariants). */
  readonly malformedAccepted: number;
  readonly serverErrors: number;
  readonly authBypasses: number;
  /** The requests that got a 5xx or were let through, for the report. */
  readonly findings: string[];
}

interface Hostile {
  readonly service: string;
  readonly method: string;
  readonly path: string;
  readonly body?: string | Buffer;
  readonly contentType?: string;
  readonly headers?: Record<string, string>;
}

const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

export async function sendHostileBatch(
  urls: Readonly<Record<string, string>>,
  secret: string,
  target: { tableId: string; vicTableId: string; jackpotId: string | null },
  seed: number,
  count: number,
): Promise<HostileOutcome> {
  const rng = createRng(`${seed}:hostile`);
  const pick = <T>(xs: readonly T[]): T => xs[randomBelow(rng, xs.length)];
  // Tokens as the platform issues them; the forged ones differ in one respect each.
  const sign = (claims: { roles: string[]; jurisdictions?: string[] }, key = secret, ttlSeconds = 3600) =>
    `Bearer ${issueToken({ sub: 'hostile', name: 'hostile', roles: claims.roles as Role[], jurisdictions: claims.jurisdictions, ...((claims.roles as Role[]).some(isCasinoBound) ? { casinos: CASINO_IDS } : {}) }, key, ttlSeconds)}`;
  const valid = (role: string) => sign({ roles: [role] });
  const t = target.tableId;
  // Values no field of its type accepts: text a validator must refuse (too long, NUL, a lone surrogate), numbers
  // out of range or not integers, and the wrong type. Text that is merely unusual (a formula, markup) is valid
  // input and is left to the exports' escaping, so it is not sent here.
  const invalid: Record<string, unknown[]> = {
    number: [null, true, 1e308, -1e308, 1.5, 'x', [], {}, 2 ** 53],
    string: [null, true, 1e308, -1, [], {}, 'x'.repeat(5000), '\u0000', 'a\u0000b', '\ud800'],
    array: [null, true, 1e308, 'x', {}, [[[]]], [{ $gt: '' }]],
    object: [null, true, 1e308, 'x', [[[]]], { $gt: '' }],
  };
  const kindOf = (v: unknown) => (Array.isArray(v) ? 'array' : typeof v === 'number' ? 'number' : typeof v === 'string' ? 'string' : 'object');
  const openTable = { tableId: `${t}-X`, rulebookId: 'crown-melbourne-v29', variant: 'traditional', offeredBets: [{ bet: 'player', option: 'standard' }], decks: 8, limits: { perBet: [{ bet: 'player', minimumCents: 2500, maximumCents: 10000 }] }, minimumChipCents: 500, dealingMethod: 'dealer-retains-shoe', jackpotIds: [], boxes: 7 };
  // A valid-looking body with one required field broken (missing or a wrong value): the field and the breakage
  // are seeded. Optional fields are left alone, since leaving one out is valid.
  const broken = (base: Record<string, unknown>, required: readonly string[] = Object.keys(base)): string => {
    const copy: Record<string, unknown> = JSON.parse(JSON.stringify(base));
    const k = pick(required);
    if (randomBelow(rng, 4) === 0) delete copy[k];
    else copy[k] = pick(invalid[kindOf(base[k])]);
    return JSON.stringify(copy);
  };
  const templates: (() => Hostile)[] = [
    () => ({ service: 'tables', method: 'POST', path: '/tables', body: broken(openTable, ['tableId', 'rulebookId', 'offeredBets', 'decks', 'limits', 'minimumChipCents', 'boxes']) }),
    () => ({ service: 'tables', method: 'POST', path: '/tables', body: JSON.stringify({ ...openTable, limits: undefined }) }),
    () => ({ service: 'tables', method: 'POST', path: `/tables/${t}/seats`, body: broken({ box: 3, sessionId: 'x', patronId: 'y' }, ['box']) }),
    () => ({ service: 'tables', method: 'POST', path: `/tables/${t}/coups/none/wagers`, body: JSON.stringify({ wagers: [{ box: pick(invalid.number), bet: 'banker', amountCents: pick(invalid.number) }] }) }),
    () => ({ service: 'tables', method: 'POST', path: `/tables/${t}/shoe/cut`, body: broken({ cutBy: 'p', cutterKind: 'player', cutCardFromBack: 20 }) }),
    () => ({ service: 'tables', method: 'POST', path: `/tables/${t}/irregularities`, body: broken({ kind: 'other', reason: 'r' }, ['kind']) }),
    () => ({ service: 'tables', method: 'POST', path: `/tables/${t}/limits`, body: JSON.stringify({ perBet: [{ bet: 'player', minimumCents: 1e308, maximumCents: 1e308 }] }) }),
    () => ({ service: 'tables', method: 'POST', path: `/tables/${t}/seats`, body: deep(2000 + randomBelow(rng, 8000)) }),
    () => ({ service: 'tables', method: 'POST', path: `/tables/${t}/seats`, body: '{"box": 3, "sessionId": ' }),
    () => ({ service: 'tables', method: 'POST', path: `/tables/${t}/seats`, body: Buffer.alloc(3 * 1024 * 1024, 0x41) }),
    () => ({ service: 'tables', method: 'POST', path: `/tables/${t}/seats`, body: '{"box":3}', contentType: 'application/json; charset=klingon' }),
    () => ({ service: 'tables', method: 'POST', path: `/tables/${t}/seats`, body: 'not gzip', headers: { 'content-encoding': 'gzip' } }),
    () => ({ service: 'tables', method: 'GET', path: `/tables/${pick(["'%20OR%201=1--", '%00', '..%2F..%2Fetc%2Fpasswd', '%ud800', 'x'.repeat(3000), '%F0%28%8C%28'])}` }),
    () => ({ service: 'tables', method: 'POST', path: `/tables/${t}/seats/${pick(['abc', '1e308', '-1', '%00', '99999999999999999999'])}/leave`, body: '{}' }),
    () => ({ service: 'jackpots', method: 'POST', path: '/jackpots', body: JSON.stringify({ jackpotId: `${t}-J`, name: 'x', tableIds: [t], notifiedToRegulatorAt: new Date().toISOString() }) }),
    () => ({ service: 'jackpots', method: 'POST', path: `/jackpots/${target.jackpotId ?? 'none'}/adjustments`, body: broken({ amountCents: 100, reason: 'r' }) }),
    () => ({ service: 'jackpots', method: 'GET', path: `/jackpots/${target.jackpotId ?? 'none'}/meter/history?afterVersion=${pick(['1e308', '-1', 'abc', '%00', '9'.repeat(40)])}` }),
    () => ({ service: 'reporting', method: 'GET', path: `/reporting/statistics?gamingDay=${pick(["'%20OR%201=1", '2025-13-45', '%00', 'x'.repeat(2000)])}` }),
    () => ({ service: 'reporting', method: 'POST', path: '/reporting/reports', body: broken({ kind: 'table-statistics', jurisdiction: 'VIC', period: '2025-03-03' }) }),
  ];
  const findings: string[] = [];
  let malformedAccepted = 0;
  let malformedRequests = 0;
  let serverErrors = 0;
  const roleFor = (h: Hostile) => (h.service === 'jackpots' ? 'jackpot-console' : h.service === 'reporting' ? 'casino-manager' : 'gaming-supervisor');
  for (let i = 0; i < count; i++) {
    const h = pick(templates)();
    malformedRequests++;
    const headers = { authorization: valid(roleFor(h)), 'content-type': h.contentType ?? 'application/json', 'idempotency-key': `hostile-${seed}-${i}`, ...h.headers };
    const status = await exchange(undefined, urls[h.service], h.method, h.path, headers, h.body, 15_000).then(
      (a) => a.status,
      () => 0,
    );
    if (status >= 500 || status === 0) {
      serverErrors++;
      findings.push(`${h.method} ${h.service} ${h.path.slice(0, 80)} (${typeof h.body === 'string' ? h.body.slice(0, 60) : h.body ? `${h.body.length} bytes` : 'no body'}) → ${status || 'no answer'}`);
    } else if (status < 400) {
      // Only a finding if it changed something: the store-level invariants say whether it did.
      findings.push(`malformed ${h.method} ${h.service} ${h.path.slice(0, 80)} (${typeof h.body === 'string' ? h.body.slice(0, 120) : ''}) accepted with ${status}`);
      malformedAccepted++;
    }
  }

  // Forged and unauthorised callers: every one must be refused (401/403).
  const none = `Bearer ${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ sub: 'x', roles: ['casino-manager'], exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url')}.`;
  const forged: [string, string | undefined][] = [
    ['no token', undefined],
    ['alg none', none],
    ['wrong secret', sign({ roles: ['casino-manager'] }, `${secret}-not`)],
    ['expired', sign({ roles: ['casino-manager'] }, secret, -60)],
    ['unknown role', sign({ roles: ['pit-boss-of-everything'] })],
    ['another audience and issuer', `Bearer ${jwt.sign({ name: 'x', roles: ['casino-manager'] }, secret, { algorithm: 'HS256', subject: 'x', expiresIn: 3600, audience: 'another-system', issuer: 'someone-else' })}`],
    ['ten-year lifetime', `Bearer ${jwt.sign({ name: 'x', roles: ['casino-manager'] }, secret, { algorithm: 'HS256', subject: 'x', expiresIn: '3650d' })}`],
    ['garbage', 'Bearer not.a.token'],
  ];
  const guarded: Hostile[] = [
    { service: 'tables', method: 'GET', path: `/tables/${target.vicTableId}` },
    { service: 'tables', method: 'POST', path: `/tables/${t}/irregularities`, body: JSON.stringify({ kind: 'other', reason: 'forged' }) },
    { service: 'reporting', method: 'GET', path: '/reporting/tables' },
    ...(target.jackpotId ? [{ service: 'jackpots', method: 'POST', path: `/jackpots/${target.jackpotId}/adjustments`, body: JSON.stringify({ amountCents: 100000, reason: 'forged' }) }] : []),
  ];
  let authBypasses = 0;
  const expectRefused = async (what: string, h: Hostile, authorization: string | undefined) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'idempotency-key': `forged-${seed}-${what}-${h.path}`, ...(authorization ? { authorization } : {}) };
    const status = await exchange(undefined, urls[h.service], h.method, h.path, headers, h.body, 15_000).then(
      (a) => a.status,
      () => 0,
    );
    if (status >= 200 && status < 300) {
      authBypasses++;
      findings.push(`${what}: ${h.method} ${h.service} ${h.path} answered ${status}`);
    } else if (status >= 500 || status === 0) {
      serverErrors++;
      findings.push(`${what}: ${h.method} ${h.service} ${h.path} → ${status || 'no answer'}`);
    }
  };
  for (const [what, token] of forged) for (const h of guarded) await expectRefused(what, h, token);
  // Right token, wrong caller: a dealer may not approve deferred commission (Crown Melbourne 9.3.1), an NSW
  // regulator may not read a Victorian table, a regulator without a jurisdiction reads nothing.
  await expectRefused('dealer approving a deferral', { service: 'tables', method: 'POST', path: `/tables/${target.vicTableId}/seats/3/commission-deferral`, body: '{}' }, valid('dealer'));
  await expectRefused('NSW regulator', { service: 'tables', method: 'GET', path: `/tables/${target.vicTableId}` }, sign({ roles: ['regulator'], jurisdictions: ['NSW'] }));
  await expectRefused('regulator without jurisdiction', { service: 'tables', method: 'GET', path: `/tables/${target.vicTableId}` }, sign({ roles: ['regulator'] }));
  if (target.jackpotId) await expectRefused('NSW regulator', { service: 'jackpots', method: 'GET', path: `/jackpots/${target.jackpotId}` }, sign({ roles: ['regulator'], jurisdictions: ['NSW'] }));
  return { malformedRequests, malformedAccepted, serverErrors, authBypasses, findings };
}
