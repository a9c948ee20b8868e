/**
 * Prints a bearer token for local use:
 *   npm run token -- --role casino-manager --sub alice --casino crown-melbourne [--name "Alice Ng"] [--hours 12]
 *   npm run token -- --role regulator --sub vgccc-1 --jurisdiction VIC
 * --role, --casino and --jurisdiction repeat (or take comma lists). Signs with AUTH_SECRET, or the development default, for
 * the audience and issuer the services expect (AUTH_AUDIENCE / AUTH_ISSUER); at most 12 hours.
 */
import { parseArgs } from 'node:util';
import { CASINO_IDS, isCasinoId, RULEBOOKS } from '@app/baccarat';
import { CASINO_INDEPENDENT_ROLES, isCasinoBound, isRole, issueToken, MAX_TOKEN_LIFETIME_SECONDS, resolveAuthSecret, ROLES, TokenClaims } from '@app/platform-kit';

export interface DevTokenRequest {
  readonly claims: TokenClaims;
  readonly ttlSeconds: number;
}

const USAGE = 'Usage: npm run token -- --role <role> --sub <actor id> --casino <casino> [--name <name>] [--jurisdiction NSW] [--hours 12]';

/** `npm run token -- --help`. */
export const devTokenHelp = (): string =>
  [
    USAGE,
    '',
    'Prints a signed bearer token for the admin APIs (header "Authorization: Bearer <token>").',
    `  --role          ${ROLES.join(', ')}`,
    '                  (repeat it or give a comma list; dealer < gaming-supervisor < area-manager < casino-manager:',
    '                  a higher rung may do what a lower one may; the others act only in their own domain)',
    '  --sub           the actor id recorded on every event and audit line',
    `  --casino        ${CASINO_IDS.join(', ')}: the casinos the holder works at (repeat it or give a comma list).`,
    `                  Required for every staff role (all but ${CASINO_INDEPENDENT_ROLES.join(' and ')}): a staff token without a casino`,
    '                  is refused, and a token acts only on the tables, jackpots, tournaments, promotions, vouchers and',
    '                  Rapid stations of its casinos (403 OUT_OF_CASINO elsewhere; lists show only its casinos).',
    ...CASINO_IDS.map((casino) => `                  ${casino}: ${RULEBOOKS.filter((r) => r.casino === casino).map((r) => r.id).join(', ')}`),
    '  --name          a display name (default: the --sub)',
    '  --jurisdiction  VIC or NSW: the records a regulator may read (repeat it or give a comma list)',
    '  --hours         lifetime of the token (default 12)',
    'Signs with AUTH_SECRET, or the development secret when it is unset (refused in production).',
  ].join('\n');

const listOf = (values: string[] | undefined): string[] =>
  (values ?? []).flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => v !== '');

/** Reads the command line; throws an error that says how to fix it. */
export const parseDevTokenArgs = (argv: readonly string[]): DevTokenRequest => {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      role: { type: 'string', multiple: true },
      sub: { type: 'string' },
      name: { type: 'string' },
      jurisdiction: { type: 'string', multiple: true },
      casino: { type: 'string', multiple: true },
      hours: { type: 'string', default: '12' },
    },
    strict: true,
  });
  const roles = listOf(values.role);
  if (roles.length === 0) throw new Error(`--role is required (one of ${ROLES.join(', ')}).\n${USAGE}`);
  const unknown = roles.filter((r) => !isRole(r));
  if (unknown.length > 0) throw new Error(`Unknown role ${unknown.join(', ')}; use one of ${ROLES.join(', ')}.`);
  if (!values.sub) throw new Error(`--sub (the actor id) is required.\n${USAGE}`);
  const hours = Number(values.hours);
  if (!Number.isFinite(hours) || hours <= 0) throw new Error(`--hours must be a positive number, got "${values.hours}".`);
  const maxHours = MAX_TOKEN_LIFETIME_SECONDS / 3600;
  if (hours > maxHours) throw new Error(`--hours must be at most ${maxHours}: the services refuse longer-lived tokens.`);
  const jurisdictions = listOf(values.jurisdiction);
  const casinos = listOf(values.casino);
  const unknownCasinos = casinos.filter((c) => !isCasinoId(c));
  if (unknownCasinos.length > 0) throw new Error(`Unknown casino ${unknownCasinos.join(', ')}; use one of ${CASINO_IDS.join(', ')}.`);
  const staff = roles.filter(isRole).filter(isCasinoBound);
  if (staff.length > 0 && casinos.length === 0) {
    throw new Error(`--casino is required for ${staff.join(', ')}: staff act only at the casinos their token names (one or more of ${CASINO_IDS.join(', ')}).\n${USAGE}`);
  }
  return {
    claims: {
      sub: values.sub,
      name: values.name ?? values.sub,
      roles: roles.filter(isRole),
      ...(jurisdictions.length > 0 ? { jurisdictions } : {}),
      ...(casinos.length > 0 ? { casinos } : {}),
    },
    ttlSeconds: Math.round(hours * 3600),
  };
};

if (require.main === module) {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    process.stdout.write(`${devTokenHelp()}\n`);
    process.exit(0);
  }
  try {
    const { claims, ttlSeconds } = parseDevTokenArgs(process.argv.slice(2));
    process.stdout.write(`${issueToken(claims, resolveAuthSecret(), ttlSeconds)}\n`);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
