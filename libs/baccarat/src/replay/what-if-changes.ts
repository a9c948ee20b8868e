/**
 * A what-if's changes to a table's configuration: another pay-table option for a bet (Dragon Bonus option 2, Super 6
 * at 15 to 1), another variant, another rulebook version. Each change is checked against the rulebook the way a table
 * configuration is (`validateTableConfiguration`), so a table could lawfully have been configured so; a violation
 * names the change's field and the clause. Bets the changed configuration no longer allows are dropped from it: their
 * wagers are then refused, never guessed. Pure.
 */
import type { BetId } from '../bets/bet-id';
import { DomainError } from '@app/contracts';
import { assertRulebookInForce } from '../rulebooks/rulebook-in-force';
import { isRulebookId, rulebookById } from '../rulebooks/rulebooks';
import type { Rulebook, VariantId } from '../rulebooks/rulebook.types';
import { validateTableConfiguration, type TableConfigurationViolation } from '../rulebooks/table-configuration';
import type { ReplayConfiguration } from './replay.types';

export interface WhatIfChange {
  readonly bet?: string;
  readonly option?: string;
  /** The bet's minimum and maximum wager in cents on the table sign (Crown Melbourne 6.3; Star 6.4-6.5). */
  readonly minimumCents?: number;
  readonly maximumCents?: number;
  readonly variant?: string;
  readonly rulebookId?: string;
}

export type WhatIfViolation = TableConfigurationViolation;

const DROPPED_WHEN_NOT_ALLOWED = new Set(['BET_NOT_ALLOWED_FOR_VARIANT', 'BET_NOT_IN_RULEBOOK']);

/**
 * The configuration `changes` make of `recorded`, or the violations that forbid it. A change's field is
 * `changes[i].bet`, `changes[i].option`, `changes[i].minimumCents`, `changes[i].maximumCents`, `changes[i].variant`
 * or `changes[i].rulebookId`. Another rulebook must be
 * a version of the table's own rules, in force at each of `playedAt` (the first and last instants the configuration
 * was played at): the version in force when the play happened applies.
 */
export const applyWhatIfChanges = (
  recorded: ReplayConfiguration,
  changes: readonly WhatIfChange[],
  playedAt: readonly string[] = [],
): { readonly configuration: ReplayConfiguration; readonly violations: readonly WhatIfViolation[] } => {
  const violations: WhatIfViolation[] = [];
  const current: Rulebook = rulebookById(recorded.rulebookId);
  let rulebookId = recorded.rulebookId;
  let variant = recorded.variant;
  let variantChange = -1;
  const offeredBets = [...recorded.offeredBets];
  const betChange = new Map<string, number>();
  const limitChange = new Map<string, number>();
  const perBetLimits: Record<string, { minimumCents: number; maximumCents: number }> = { ...recorded.limits.perBet };
  let rulebookChange = -1;
  const named = new Map<string, number>();
  changes.forEach((c, i) => {
    // One change per bet, one variant, one rulebook: two would contradict or silently overwrite each other.
    for (const [key, field] of [[c.bet && `bet:${c.bet}`, 'bet'], [c.variant !== undefined && 'variant', 'variant'], [c.rulebookId !== undefined && 'rulebookId', 'rulebookId']] as const) {
      if (!key) continue;
      const first = named.get(key);
      if (first !== undefined) {
        violations.push({ field: `changes[${i}].${field}`, rule: 'CHANGE_REPEATED', clause: `${current.citation} (no provision)`, message: `changes[${first}] already changes the ${field === 'bet' ? `bet "${c.bet}"` : field}: put its option and limits in that one change.` });
        return;
      }
      named.set(key, i);
    }
    if (c.bet === undefined && c.variant === undefined && c.rulebookId === undefined) {
      const message = c.option === undefined ? 'A change names a bet with its option, a variant or a rulebookId.' : `Name the bet option "${c.option}" is for.`;
      violations.push({ field: c.option === undefined ? `changes[${i}]` : `changes[${i}].bet`, rule: 'CHANGE_INCOMPLETE', clause: `${current.citation} (no provision)`, message });
      return;
    }
    if (c.rulebookId !== undefined) {
      if (!isRulebookId(c.rulebookId)) {
        violations.push({ field: `changes[${i}].rulebookId`, rule: 'RULEBOOK_UNKNOWN', clause: `${current.citation} (no provision)`, message: `No rulebook "${c.rulebookId}": GET /rulebooks lists them.` });
      } else {
        const next = rulebookById(c.rulebookId);
        // Only another version of the table's own rules: another operator's, jurisdiction's or game's rules are not
        // a configuration the table could have had.
        if (next.series !== current.series) {
          violations.push({ field: `changes[${i}].rulebookId`, rule: 'RULEBOOK_OTHER_SERIES', clause: `${current.citation} (no provision)`, message: `${next.id} is not a version of ${current.id}'s rules (${current.operator}, ${current.jurisdiction}): name a version of the same rules.` });
          return;
        }
        for (const at of playedAt) {
          try {
            assertRulebookInForce(next, at);
          } catch (e) {
            if (!(e instanceof DomainError)) throw e;
            violations.push({ field: `changes[${i}].rulebookId`, rule: e.code, clause: e.clause ?? `${next.citation} (no provision)`, message: e.message });
            return;
          }
        }
        rulebookId = c.rulebookId;
        rulebookChange = i;
      }
    }
    if (c.variant !== undefined) {
      variant = c.variant;
      variantChange = i;
    }
    if (c.bet !== undefined) {
      const at = offeredBets.findIndex((o) => o.bet === c.bet);
      const limits = c.minimumCents !== undefined || c.maximumCents !== undefined;
      if (limits) {
        const before = perBetLimits[c.bet];
        if (!before && (c.minimumCents === undefined || c.maximumCents === undefined)) {
          violations.push({ field: `changes[${i}].${c.minimumCents === undefined ? 'minimumCents' : 'maximumCents'}`, rule: 'LIMITS_MISSING', clause: current.procedures.limitsSign?.clause ?? `${current.citation} (no provision)`, message: `"${c.bet}" has no limits at the table: name both its minimum and its maximum.` });
          return;
        }
        perBetLimits[c.bet] = { minimumCents: c.minimumCents ?? before.minimumCents, maximumCents: c.maximumCents ?? before.maximumCents };
        limitChange.set(c.bet, i);
      }
      if (c.option === undefined) {
        if (limits && at >= 0) return;
        violations.push({ field: `changes[${i}].option`, rule: 'PAY_TABLE_OPTION_MISSING', clause: `${current.citation} (no provision)`, message: `Name the pay-table option "${c.bet}" is to be offered with.` });
        return;
      }
      if (at >= 0) offeredBets[at] = { bet: c.bet, option: c.option };
      else offeredBets.push({ bet: c.bet, option: c.option });
      betChange.set(c.bet, i);
    }
  });
  if (violations.length > 0) return { configuration: recorded, violations };
  const rulebook = rulebookById(rulebookId);
  const found = validateTableConfiguration(rulebook, asTableConfiguration({ ...recorded, variant, offeredBets, limits: { ...recorded.limits, perBet: perBetLimits } }));
  const dropped = new Set<string>();
  const changedRules = rulebookId !== recorded.rulebookId || variant !== recorded.variant;
  for (const v of found) {
    // A limit the what-if sets must be one the table sign could carry (Crown Melbourne 6.3.1-6.3.3; Star 6.4-6.5).
    const limit = /^limits\.perBet\.([a-z0-9-]+)(\.min)?$/.exec(v.field);
    const limitAt = limit ? limitChange.get(limit[1]) : undefined;
    if (limitAt !== undefined) violations.push({ ...v, field: `changes[${limitAt}].${limit![2] ? 'minimumCents' : 'maximumCents'}` });
    const m = /^offeredBets\[(\d+)\]\.(bet|option)$/.exec(v.field);
    if (v.field === 'variant' && variantChange >= 0) violations.push({ ...v, field: `changes[${variantChange}].variant` });
    if (!m) continue;
    const bet = offeredBets[Number(m[1])].bet;
    const changed = betChange.get(bet);
    if (changed !== undefined) violations.push({ ...v, field: `changes[${changed}].${m[2]}` });
    else if (changedRules && DROPPED_WHEN_NOT_ALLOWED.has(v.rule)) dropped.add(bet);
    else if (changedRules) violations.push({ ...v, field: variantChange >= 0 ? `changes[${variantChange}].variant` : v.field, message: `${v.message} Change "${bet}" too.` });
  }
  if (violations.length > 0) return { configuration: recorded, violations };
  const configuration = { ...recorded, rulebookId, variant, offeredBets: offeredBets.filter((o) => !dropped.has(o.bet)), limits: { ...recorded.limits, perBet: perBetLimits } };
  // Whatever else the changed configuration breaks that the recorded one did not (decks a new bet needs, a variant
  // only for tournaments, no common layout, a new bet without limits for the sign) refuses it too, as POST /tables
  // would: the what-if must be a configuration the table could lawfully have had.
  const recordedViolations = new Set(validateTableConfiguration(current, asTableConfiguration(recorded)).map(violationKey));
  for (const v of validateTableConfiguration(rulebook, asTableConfiguration(configuration))) {
    if (!recordedViolations.has(violationKey(v))) violations.push({ ...v, field: changeField(v) });
  }
  if (violations.length > 0) return { configuration: recorded, violations };
  return { configuration, violations: [] };

  function changeField(v: TableConfigurationViolation): string {
    // The bet the violation is about, as the validator names it (never found in its message's words).
    const i = v.bet !== undefined ? betChange.get(v.bet) : undefined;
    if (i !== undefined) return `changes[${i}].${v.rule.startsWith('LIMIT') ? 'minimumCents' : 'bet'}`;
    if (variantChange >= 0) return `changes[${variantChange}].variant`;
    if (rulebookChange >= 0) return `changes[${rulebookChange}].rulebookId`;
    return 'changes';
  }
};

/** Violations compare by rule and message: positions in `offeredBets` move when bets are added or dropped. */
const violationKey = (v: TableConfigurationViolation) => `${v.rule}|${v.message}`;

const asTableConfiguration = (c: ReplayConfiguration) => {
  const perBet: Partial<Record<BetId, { min: number; max: number }>> = {};
  for (const [bet, l] of Object.entries(c.limits.perBet)) perBet[bet as BetId] = { min: l.minimumCents, max: l.maximumCents };
  return {
    variant: c.variant as VariantId,
    offeredBets: c.offeredBets.map((o) => ({ bet: o.bet as BetId, option: o.option })),
    decks: c.decks,
    limits: { perBet },
    minimumChip: c.minimumChipCents,
    tournament: c.tournament,
  };
};
