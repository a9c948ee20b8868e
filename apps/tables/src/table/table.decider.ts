/**
 * The table decider: one stream per table (`table-<tableId>`) from open to close: configuration and limits,
 * seats and sessions, shoes, coups, wagers, the deal, settlement, deferred commission, voids, corrections and
 * irregularities. Pure: `now`, ids and the actor arrive with each command. Every refusal names its clause.
 * The commands are in table-command.types.ts; each is decided in the table-*.decider.ts of its concern (lifecycle,
 * configuration, seats, shoe, betting, deal, three-card, commission, voids), and `decideTable` routes them there.
 */
import type { Decider } from '@app/event-store';
import type { TableCommand } from './table-command.types';
import { applyAnnouncedLimits, applyGameChange, changeGame, changeLimits, limitPlayers, setIndividualLimit } from './table-configuration.decider';
import { announceClosing, closeTable, openTable } from './table-lifecycle.decider';
import { approveDeferral, leaveSeat, seatPlayer } from './table-seats.decider';
import { burnCards, cutShoe, endShoe, reportCutCard, startShoe } from './table-shoe.decider';
import { closeBetting, declineSideWager, placeWagers, startCoup } from './table-betting.decider';
import { arrangeOverDifferential, reduceToDifferential } from './table-differential.decider';
import { changeWager } from './table-wager-changes.decider';
import { dealCard, dealCards } from './table-deal.decider';
import { dealThreeCardRound, declareMisdeal } from './table-three-card.decider';
import { settleCommission } from './table-commission.decider';
import { correctPayment, declareShoeVoid, recordIrregularity, voidCoup, voidWager } from './table-voids.decider';
import {
  noteTournamentBuyBack,
  noteTournamentCancelled,
  noteTournamentEntriesOut,
  noteTournamentMarker,
  noteTournamentSession,
  noteTournamentSessionEnded,
  noteTournamentSubstitute,
  noteTournamentWagerLimits,
  returnWagerOutOfSequence,
  noteTournamentWagersInTurn,
} from './table-tournament-mode';
import { rulebookOf } from './table-guards.decider';
import { evolveTable, initialTableState, isMultiCoupBet, type TableEvent, type TableState } from './table.events';

export type * from './table-command.types';

export const decideTable = (cmd: TableCommand, s: TableState): TableEvent[] => {
  switch (cmd.type) {
    case 'OpenTable':
      return openTable(cmd, s);
    case 'AnnounceTableClosing':
      return announceClosing(cmd, s);
    case 'CloseTable':
      return closeTable(cmd, s);
    case 'ChangeLimits':
      return changeLimits(cmd, s);
    case 'ApplyAnnouncedLimits':
      return applyAnnouncedLimits(cmd, s);
    case 'SetIndividualLimit':
      return setIndividualLimit(cmd, s);
    case 'ArrangeOverDifferential':
      return arrangeOverDifferential(cmd, s);
    case 'LimitPlayers':
      return limitPlayers(cmd, s);
    case 'ChangeGame':
      return changeGame(cmd, s);
    case 'ApplyGameChange':
      return applyGameChange(cmd, s);
    case 'SeatPlayer':
      return seatPlayer(cmd, s);
    case 'ApproveCommissionDeferral':
      return approveDeferral(cmd, s);
    case 'LeaveSeat':
      return leaveSeat(cmd, s);
    case 'StartShoe':
      return startShoe(cmd, s);
    case 'CutShoe':
      return cutShoe(cmd, s);
    case 'BurnCards':
      return burnCards(cmd, s);
    case 'StartCoup':
      return startCoup(cmd, s);
    case 'PlaceWagers':
      return placeWagers(cmd, s);
    case 'DeclineSideWager':
      return declineSideWager(cmd, s);
    case 'ChangeWager':
      return changeWager(cmd, s);
    case 'ReduceToDifferential':
      return reduceToDifferential(cmd, s);
    case 'CloseBetting':
      return closeBetting(cmd, s);
    case 'DealCard':
      return dealCard(cmd, s);
    case 'DealCards':
      return dealCards(cmd, s);
    case 'DealThreeCardRound':
      return dealThreeCardRound(cmd, s);
    case 'DeclareMisdeal':
      return declareMisdeal(cmd, s);
    case 'ReportCutCard':
      return reportCutCard(cmd, s);
    case 'EndShoe':
      return endShoe(cmd, s);
    case 'SettleCommission':
      return settleCommission(cmd, s);
    case 'VoidCoup':
      return voidCoup(cmd, s);
    case 'VoidWager':
      return voidWager(cmd, s);
    case 'RecordIrregularity':
      return recordIrregularity(cmd, s);
    case 'DeclareShoeVoid':
      return declareShoeVoid(cmd, s);
    case 'CorrectPayment':
      return correctPayment(cmd, s);
    case 'NoteTournamentSession':
      return s.status === 'none' ? [] : noteTournamentSession(rulebookOf(s), cmd, s);
    case 'NoteTournamentSessionEnded':
      return s.status === 'none' ? [] : noteTournamentSessionEnded(rulebookOf(s), cmd, s);
    case 'NoteTournamentSubstitute':
      return s.status === 'none' ? [] : noteTournamentSubstitute(cmd, s);
    case 'NoteTournamentWagersInTurn':
      return noteTournamentWagersInTurn(cmd, s);
    case 'NoteTournamentWagerLimits':
      return s.status === 'none' ? [] : noteTournamentWagerLimits(rulebookOf(s), cmd, s);
    case 'ReturnWagerOutOfSequence':
      return returnWagerOutOfSequence(cmd, s);
    case 'NoteTournamentCancelled':
      return noteTournamentCancelled(cmd, s);
    case 'NoteTournamentEntriesOut':
      return noteTournamentEntriesOut(cmd, s);
    case 'NoteTournamentBuyBack':
      return noteTournamentBuyBack(cmd, s);
    case 'NoteTournamentMarker':
      return noteTournamentMarker(cmd, s);
    default: {
      const never: never = cmd;
      return never;
    }
  }
};

/** The events of play that name the kind of play: every event a wager, a settlement or commission is on. */
const OF_PLAY = new Set<TableEvent['type']>(['CoupStarted', 'WagersAccepted', 'CoupCompleted', 'WagersSettled', 'CommissionSettled', 'CoupVoided', 'WagerVoided', 'WagerRetracted', 'PaymentCorrected']);

/**
 * At a table in tournament mode, each event of play names the tournament, so no consumer takes its tournament chips
 * for money (Crown Melbourne 14.2.5, 14.4.4(a); Star 15.1.1 'tournament chips'): one place, whatever decided them.
 */
const inKindOfPlay = (s: TableState, events: TableEvent[]): TableEvent[] => {
  const tournamentId = s.tournamentId;
  if (!tournamentId) return events;
  return events.map((e) => (OF_PLAY.has(e.type) ? ({ ...e, tournamentId } as TableEvent) : e));
};

export const tableDecider: Decider<TableCommand, TableEvent, TableState> = {
  decide: (command, state) => inKindOfPlay(state, decideTable(command, state)),
  evolve: evolveTable,
  initialState: initialTableState,
};

export { isMultiCoupBet };
