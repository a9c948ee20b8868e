import { DomainError } from '@app/contracts';
import type { BetLimitsDto, RapidLimitsDto } from './rapid.dto';

/** One bet's limits as the Rapid table command takes them (Rapid 5.3.1, 5.3.2). */
export interface RapidBetLimits {
  readonly minCents: number;
  readonly maxCents: number;
  readonly incrementCents: number;
}

/** What `limits` may hold: the tables service's `perBet` list, or the deprecated map keyed by bet. */
export type RapidLimitsInput = RapidLimitsDto | Record<string, BetLimitsDto>;

export const isPerBetList = (limits: unknown): limits is RapidLimitsDto =>
  typeof limits === 'object' && limits !== null && Array.isArray((limits as { perBet?: unknown }).perBet);

/** The limits by bet, whichever shape the request used. */
export const limitsByBet = (limits: RapidLimitsInput): Record<string, RapidBetLimits> =>
  isPerBetList(limits)
    ? Object.fromEntries(limits.perBet.map((l) => [l.bet, { minCents: l.minimumCents, maxCents: l.maximumCents, incrementCents: l.incrementCents }]))
    : Object.fromEntries(Object.entries(limits).map(([bet, l]) => [bet, { minCents: l?.minCents, maxCents: l?.maxCents, incrementCents: l?.incrementCents }]));

// The rules name a bet's limits `limits.perBet.<bet>(.min|.max)` (the rulebook's table configuration) or
// `limits.<bet>(.incrementCents)` (the Rapid table): neither is a path of the request.
const RULE_FIELD = /^limits\.(?:perBet\.)?([^.]+)(?:\.(min|max|incrementCents))?$/;
const LIST_NAMES = { min: 'minimumCents', max: 'maximumCents', incrementCents: 'incrementCents' } as const;
const MAP_NAMES = { min: 'minCents', max: 'maxCents', incrementCents: 'incrementCents' } as const;

/** A limits field a rule named, as the request sent it: `limits.perBet[i].minimumCents`, or `limits.<bet>.minCents` in the map. */
export const limitsFieldAsSent = (field: string, limits: RapidLimitsInput): string => {
  const match = RULE_FIELD.exec(field);
  if (!match) return field;
  const [, bet, part] = match as unknown as [string, string, keyof typeof LIST_NAMES | undefined];
  if (isPerBetList(limits)) {
    const index = limits.perBet.findIndex((l) => l.bet === bet);
    if (index < 0) return 'limits.perBet';
    return `limits.perBet[${index}]${part ? `.${LIST_NAMES[part]}` : ''}`;
  }
  if (!Object.prototype.hasOwnProperty.call(limits, bet)) return 'limits';
  return `limits.${bet}${part ? `.${MAP_NAMES[part]}` : ''}`;
};

/** A rule's refusal of the limits, naming the field (in its field and its message) as the request sent it. */
export const refusalAsSent = (error: unknown, limits: RapidLimitsInput): unknown => {
  if (!(error instanceof DomainError) || !error.field?.startsWith('limits')) return error;
  const field = limitsFieldAsSent(error.field, limits);
  if (field === error.field) return error;
  return new DomainError(error.kind, error.code, error.message.split(error.field).join(field), error.clause, field);
};
