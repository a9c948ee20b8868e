/**
 * A table's configuration checked against the rulebook in force: variant, offered bets with one pay-table
 * option each, decks, limits, dealing method, tournament flag and jackpot participation. Every violation names
 * the clause it rests on. Amounts are integer cents.
 */
import { ruleViolation } from '@app/contracts';
import { betDefinition } from './pay-table';
import { oneOneTwoSideWagerAt } from './table-policies';
import type {
  BetId,
  DealingMethodId,
  LuckyTieOutcome,
  PayTable,
  PayTableOptionId,
  Rulebook,
  VariantDefinition,
  VariantId,
} from './rulebook.types';

export interface BetLimits {
  /** Cents. */
  readonly min: number;
  /** Cents. */
  readonly max: number;
}

export interface TableConfiguration {
  readonly variant: VariantId;
  /** Each bet offered at the table with the one pay-table option it uses. */
  readonly offeredBets: readonly { readonly bet: BetId; readonly option: PayTableOptionId }[];
  readonly decks: number;
  readonly limits: {
    /** Minimum and maximum per offered bet, in cents. */
    readonly perBet: Partial<Record<BetId, BetLimits>>;
    /** Maximum per betting box (playing area), in cents (Star 6.1, 6.5). */
    readonly perBoxMax?: number;
    /** Table differential in cents (Crown Melbourne 6.2, Star 6.1). */
    readonly tableDifferential?: number;
    /** Largest wager accepted over the differential for the extra commission (Crown Melbourne 6.5), in cents. */
    readonly overDifferentialMaximum?: number;
  };
  /** The smallest chip in play at the table, in cents. */
  readonly minimumChip: number;
  readonly dealingMethod?: DealingMethodId;
  readonly tournament: boolean;
  /** Lucky Tie Jackpot participation (Crown Melbourne 13). */
  readonly jackpot?: {
    readonly jackpot: 'lucky-tie';
    readonly option: '1' | '2' | '3';
    readonly division: 'equal' | 'proportional';
    /** Configured share of the rounded meter per outcome, in percent. */
    readonly percentOfMeter?: Partial<Record<LuckyTieOutcome, number>>;
  };
}

export interface TableConfigurationViolation {
  /** Path of the offending field, e.g. 'offeredBets[2].option', 'decks', 'limits.perBet.tie.min'. */
  readonly field: string;
  /** Stable code, e.g. DECKS_NOT_ALLOWED_FOR_BET. */
  readonly rule: string;
  readonly clause: string;
  readonly message: string;
  /** The bet the violation is about, where it is about one (its option, decks or limits): never read from the message. */
  readonly bet?: BetId;
}

const noProvision = (rulebook: Rulebook) => `${rulebook.citation} (no provision)`;

export const validateTableConfiguration = (rulebook: Rulebook, config: TableConfiguration): TableConfigurationViolation[] => {
  const violations: TableConfigurationViolation[] = [];
  const add = (field: string, rule: string, clause: string, message: string, bet?: BetId) => violations.push({ field, rule, clause, message, ...(bet !== undefined ? { bet } : {}) });
  const variant: VariantDefinition | undefined = rulebook.variants.find((v) => v.id === config.variant);

  // --- variant -----------------------------------------------------------------------------------------
  if (!variant) {
    add('variant', 'VARIANT_NOT_IN_RULEBOOK', noProvision(rulebook),
      `${rulebook.citation} has no variant "${config.variant}" (it has ${rulebook.variants.map((v) => v.id).join(', ')}).`);
  } else if (variant.tournamentOnly && !config.tournament) {
    add('tournament', 'VARIANT_TOURNAMENT_ONLY', variant.tournamentOnly.clause, `${variant.name} may only be offered for tournament play.`);
  }

  // --- bets and options --------------------------------------------------------------------------------
  const offered: { index: number; payTable: PayTable }[] = [];
  const seen = new Map<BetId, number>();
  config.offeredBets.forEach(({ bet, option }, index) => {
    const at = `offeredBets[${index}]`;
    const previous = seen.get(bet);
    if (previous !== undefined) {
      add(`${at}.bet`, 'BET_OFFERED_TWICE', variant?.clause ?? noProvision(rulebook),
        `"${bet}" is already offered at offeredBets[${previous}]: a table uses one pay-table option per bet.`, bet);
      return;
    }
    seen.set(bet, index);
    const definition = betDefinition(rulebook, bet);
    if (!definition) {
      add(`${at}.bet`, 'BET_NOT_IN_RULEBOOK', noProvision(rulebook), `${rulebook.citation} does not define the bet "${bet}"; it defines ${rulebook.bets.map((b) => b.bet).join(', ')} (GET /rulebooks lists each with its options).`, bet);
      return;
    }
    if (variant && !variant.allowedBets.includes(bet)) {
      // A bet only one variant may offer (Shield on Traditional, Insurance on Crown Baccarat) is refused elsewhere under
      // its own restriction; otherwise under the variant's (Lucky Chase: no side wagers).
      const onlyIn = (rulebook.variants ?? []).filter((v) => v.allowedBets.includes(bet));
      const clause = onlyIn.length === 1 ? onlyIn[0].allowedBetsClause : variant.allowedBetsClause;
      add(`${at}.bet`, 'BET_NOT_ALLOWED_FOR_VARIANT', clause, `"${bet}" may not be offered on ${variant.name}${onlyIn.length === 1 ? `, only on ${onlyIn[0].name}` : ''}.`, bet);
    }
    const payTable = definition.payTables.find((t) => t.option === option);
    if (!payTable) {
      add(`${at}.option`, 'PAY_TABLE_OPTION_UNKNOWN', definition.clause,
        `"${bet}" is offered with options ${definition.payTables.map((t) => t.option).join(', ')}, not "${option}".`, bet);
      return;
    }
    const required = variant?.mainBetOptions[bet];
    if (required !== undefined && !required.includes(option)) {
      add(`${at}.option`, 'MAIN_BET_OPTION_MISMATCH', variant?.clause ?? definition.clause,
        `${variant?.name} pays "${bet}" on option ${required.length > 3 ? `${required[0]}..${required[required.length - 1]}` : required.join(' / ')}, not "${option}".`, bet);
    }
    offered.push({ index, payTable });
  });

  // --- side-wager families and layouts ------------------------------------------------------------------
  const families = new Set(offered.map((o) => o.payTable.family).filter((f) => f !== undefined));
  if (families.size > 1) {
    const clauses = [...new Set(offered.filter((o) => o.payTable.family).map((o) => o.payTable.clause))].join('; ');
    add('offeredBets', 'SIDE_WAGER_FAMILIES_MIXED', clauses,
      'Tiger Side Wager and Dragon Tiger Side Wager pay tables are mixed: Big Tiger, Small Tiger and Tiger Tie pay differently in each, pick one family.');
  }
  const withLayouts = config.offeredBets
    .map((o) => betDefinition(rulebook, o.bet))
    .filter((d): d is NonNullable<typeof d> => d?.layouts !== undefined);
  if (withLayouts.length > 1) {
    const common = withLayouts.reduce<readonly string[]>((acc, d) => acc.filter((x) => d.layouts?.diagrams.includes(x)), withLayouts[0].layouts?.diagrams ?? []);
    if (common.length === 0) {
      add('offeredBets', 'NO_COMMON_LAYOUT', withLayouts.map((d) => d.layouts?.clause).join('; '),
        `No approved layout diagram carries all of ${withLayouts.map((d) => d.bet).join(', ')}.`);
    }
  }

  // 1-1-2 goes 25% on the table's Banker Side Wager and 25% on its Player Side Wager (Crown Melbourne 1.1 '1-1-2').
  const oneOneTwo = rulebook.policies.oneOneTwoSideWagers;
  if (oneOneTwo && config.offeredBets.some((o) => o.bet === 'one-one-two') && !oneOneTwoSideWagerAt(rulebook, config.offeredBets)) {
    const choices = oneOneTwo.candidates.map((c) => c.offered.join(' and ')).join(', or ');
    add('offeredBets', 'ONE_ONE_TWO_NEEDS_SIDE_WAGER', oneOneTwo.clause,
      `1-1-2 apportions a quarter each to the table's Player and Banker Side Wager: offer ${choices} with it.`);
  }

  // --- decks -------------------------------------------------------------------------------------------
  const deckRule = variant?.decks ?? rulebook.decks;
  if (!deckRule.allowed.includes(config.decks)) {
    add('decks', 'DECKS_NOT_ALLOWED', deckRule.clause, `${config.decks} decks; ${rulebook.citation} allows ${deckRule.allowed.join(', ')}.`);
  }
  for (const { bet } of config.offeredBets) {
    const rule = betDefinition(rulebook, bet)?.decks;
    if (rule && !rule.allowed.includes(config.decks)) {
      add('decks', 'DECKS_NOT_ALLOWED_FOR_BET', rule.clause, `"${bet}" needs ${rule.allowed.join(' or ')} decks, the table has ${config.decks}.`, bet);
    }
  }

  // --- limits ------------------------------------------------------------------------------------------
  const chipClause = rulebook.procedures.wagersInChips?.clause;
  if (!Number.isInteger(config.minimumChip) || config.minimumChip <= 0) {
    add('minimumChip', 'MINIMUM_CHIP_INVALID', chipClause ?? noProvision(rulebook), 'The minimum chip must be a positive whole number of cents.');
  }
  for (const { bet } of config.offeredBets) {
    const limits = config.limits.perBet[bet];
    const field = `limits.perBet.${bet}`;
    if (!limits) {
      if (rulebook.procedures.limitsSign) {
        add(field, 'LIMITS_MISSING', rulebook.procedures.limitsSign.clause, `"${bet}" is offered without a minimum and maximum for the table sign.`, bet);
      }
      continue;
    }
    const signClause = rulebook.procedures.limitsSign?.clause ?? noProvision(rulebook);
    if (!Number.isInteger(limits.min) || !Number.isInteger(limits.max) || limits.min <= 0 || limits.max <= 0) {
      add(field, 'LIMITS_INVALID', signClause, `Limits for "${bet}" must be positive whole cents.`, bet);
      continue;
    }
    if (limits.min > limits.max) {
      add(`${field}.min`, 'LIMIT_MINIMUM_ABOVE_MAXIMUM', signClause, `"${bet}" minimum ${limits.min} exceeds its maximum ${limits.max}.`, bet);
    }
    if (chipClause && config.minimumChip > 0 && limits.min < config.minimumChip) {
      add(`${field}.min`, 'LIMIT_BELOW_MINIMUM_CHIP', chipClause,
        `"${bet}" minimum ${limits.min} is below the smallest chip (${config.minimumChip}); wagers are made only in chips.`, bet);
    }
  }
  const { perBoxMax, tableDifferential, overDifferentialMaximum } = config.limits;
  if (perBoxMax !== undefined && (!Number.isInteger(perBoxMax) || perBoxMax <= 0)) {
    add('limits.perBoxMax', 'LIMITS_INVALID', rulebook.procedures.limitsSign?.clause ?? noProvision(rulebook), 'The box maximum must be positive whole cents.');
  }
  const differential = rulebook.procedures.tableDifferential;
  if (tableDifferential !== undefined) {
    if (differential && !differential.offered) {
      add('limits.tableDifferential', 'TABLE_DIFFERENTIAL_NOT_PROVIDED', differential.clause, `${rulebook.citation} provides no table differential.`);
    } else if (!Number.isInteger(tableDifferential) || tableDifferential <= 0) {
      add('limits.tableDifferential', 'LIMITS_INVALID', differential?.clause ?? noProvision(rulebook), 'The table differential must be positive whole cents.');
    }
  }
  if (overDifferentialMaximum !== undefined) {
    const over = differential?.overDifferentialCommission;
    if (!over) {
      add('limits.overDifferentialMaximum', 'OVER_DIFFERENTIAL_NOT_PROVIDED', differential?.clause ?? noProvision(rulebook),
        `${rulebook.citation} has no commission for wagers over the table differential.`);
    } else {
      if (!over.variants.includes(config.variant)) {
        add('limits.overDifferentialMaximum', 'OVER_DIFFERENTIAL_VARIANT', over.clause,
          `Wagers over the table differential are only for ${over.variants.join(', ')}, not ${config.variant}.`);
      }
      if (tableDifferential === undefined || overDifferentialMaximum <= tableDifferential) {
        add('limits.overDifferentialMaximum', 'OVER_DIFFERENTIAL_BELOW_DIFFERENTIAL', over.clause,
          'The agreed maximum over the differential must exceed a configured table differential.');
      }
    }
  }

  // --- dealing method ----------------------------------------------------------------------------------
  const methods = rulebook.procedures.dealingMethods;
  if (methods && config.dealingMethod !== undefined && !methods.allowed.includes(config.dealingMethod)) {
    add('dealingMethod', 'DEALING_METHOD_NOT_ALLOWED', methods.clause, `"${config.dealingMethod}" is not one of ${methods.allowed.join(', ')}.`);
  }

  // --- jackpot -----------------------------------------------------------------------------------------
  if (config.jackpot) {
    const jackpot = rulebook.procedures.luckyTieJackpot;
    if (!jackpot) {
      add('jackpot', 'JACKPOT_NOT_PROVIDED', noProvision(rulebook), `${rulebook.citation} has no Lucky Tie Jackpot.`);
    } else {
      const option = jackpot.options.find((o) => o.option === config.jackpot?.option);
      if (!option) {
        add('jackpot.option', 'JACKPOT_OPTION_UNKNOWN', jackpot.options.map((o) => o.clause).join('; '), `Lucky Tie Jackpot option "${config.jackpot.option}" does not exist.`);
      } else {
        for (const [outcome, pct] of Object.entries(config.jackpot.percentOfMeter ?? {})) {
          const row = option.outcomes.find((o) => o.outcome === outcome);
          if (!row) {
            add(`jackpot.percentOfMeter.${outcome}`, 'JACKPOT_OUTCOME_NOT_IN_OPTION', option.clause, `Option ${option.option} has no "${outcome}" outcome.`);
          } else if (pct === undefined || pct < row.percentOfMeter.min || pct > row.percentOfMeter.max) {
            add(`jackpot.percentOfMeter.${outcome}`, 'JACKPOT_PERCENT_OUT_OF_RANGE', option.clause,
              `"${outcome}" pays ${row.percentOfMeter.min}%-${row.percentOfMeter.max}% of the rounded meter; got ${pct}%.`);
          }
        }
      }
      if (!jackpot.division.methods.includes(config.jackpot.division)) {
        add('jackpot.division', 'JACKPOT_DIVISION_UNKNOWN', jackpot.division.clause, `Division "${config.jackpot.division}" is not provided for.`);
      }
      if (!config.offeredBets.some((o) => o.bet === jackpot.eligibleBet)) {
        add('jackpot', 'JACKPOT_NEEDS_ELIGIBLE_BET', jackpot.division.clause, `The Lucky Tie Jackpot is shared by "${jackpot.eligibleBet}" wagers, which the table does not offer.`);
      }
    }
  }

  return violations;
};

/** As `validateTableConfiguration`, but throws the first violation as DomainError 'rule' (all messages joined). */
export const assertValidTableConfiguration = (rulebook: Rulebook, config: TableConfiguration): void => {
  const violations = validateTableConfiguration(rulebook, config);
  if (violations.length === 0) return;
  const [first] = violations;
  const message = violations.length === 1 ? first.message : `${violations.length} violations: ${violations.map((v) => `${v.message} (${v.clause})`).join(' ')}`;
  throw ruleViolation(first.rule, message, first.clause, first.field);
};

/**
 * Rapid Baccarat 10.1: "all tables offering this particular side wager must offer the same payout odds". For
 * every bet the rulebook marks uniform, each table whose option differs from the first table offering it is a
 * violation (field `tables[i].offeredBets[j].option`). Bets the rulebook names as areas of one side wager
 * (`uniformAcrossTables.sideWager`, e.g. the Player and Banker Dragon Bonus) share one option, so a table
 * offering them at two options violates it on its own. Empty for rulebooks without the rule.
 */
export const validateRapidUniformity = (rulebook: Rulebook, tables: readonly TableConfiguration[]): TableConfigurationViolation[] => {
  const violations: TableConfigurationViolation[] = [];
  const uniform = new Map<BetId, { group: string; name: string | null; clause: string }>();
  for (const definition of rulebook.bets) {
    const rule = definition.uniformAcrossTables;
    if (rule) uniform.set(definition.bet, { group: rule.sideWager?.id ?? definition.bet, name: rule.sideWager?.name ?? null, clause: rule.clause });
  }
  const reference = new Map<string, { table: number; bet: BetId; option: PayTableOptionId }>();
  tables.forEach((t, ti) => {
    t.offeredBets.forEach((o, oi) => {
      const rule = uniform.get(o.bet);
      if (!rule) return;
      const first = reference.get(rule.group);
      if (!first) {
        reference.set(rule.group, { table: ti, bet: o.bet, option: o.option });
        return;
      }
      if (o.option === first.option) return;
      const where = first.table === ti ? 'this table' : `tables[${first.table}]`;
      const theirs = first.bet === o.bet ? `"${first.option}"` : `"${first.option}" for "${first.bet}"`;
      violations.push({
        field: `tables[${ti}].offeredBets[${oi}].option`,
        rule: 'OPTION_NOT_UNIFORM_ACROSS_TABLES',
        clause: rule.clause,
        message: rule.name
          ? `"${o.bet}" uses option "${o.option}" but ${where} uses ${theirs}: the ${rule.name} side wager has one option as a whole, on every table offering it.`
          : `"${o.bet}" uses option "${o.option}" but ${where} uses ${theirs}; every table offering it must use the same option.`,
      });
    });
  });
  return violations;
};
