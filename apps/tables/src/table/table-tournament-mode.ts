/**
 * A table opened in tournament mode (Crown Melbourne 14.2.4-14.2.5, Rapid 12.3.1-12.3.2, Star 15.5.1-15.5.2) serves
 * its tournament alone: what that means for its configuration, its jackpots and its wagers, asked of the rulebook's
 * tournament rules. Pure.
 */
import { ruleViolation } from '@app/contracts';
import type { Rulebook } from '../engine-adapter/rulebooks';
import type { OpenTable } from './table-command.types';
import type { TableState } from './table.events';

/** A tournament table plays for no jackpot where the rulebook says so (Crown Melbourne 13 with 14). */
export const requireNoJackpotAtTournamentTable = (rb: Rulebook, c: Pick<OpenTable, 'tournamentId' | 'jackpotIds'>): void => {
  if (!c.tournamentId || c.jackpotIds.length === 0) return;
  const noJackpot = rb.procedures.tournaments?.noJackpot;
  if (!noJackpot) return;
  throw ruleViolation(
    'TOURNAMENT_TABLE_ON_JACKPOT',
    `A table in tournament mode (tournament ${c.tournamentId}) plays in tournament chips for the tournament alone, so it takes part in no jackpot: open it with no jackpotIds, or open it for cash play without a tournamentId to play for ${c.jackpotIds.join(', ')}.`,
    noJackpot.clause,
    'jackpotIds',
  );
};

/**
 * The jackpots a completed coup is offered to: none at a tournament table where the rulebook says it plays for
 * none, even one opened on a jackpot before that was refused (Crown Melbourne 14.2.5; 13.4.1).
 */
export const jackpotsPlayedFor = (rb: Rulebook, s: TableState): readonly string[] => (s.tournamentId && rb.procedures.tournaments?.noJackpot ? [] : s.jackpotIds);
