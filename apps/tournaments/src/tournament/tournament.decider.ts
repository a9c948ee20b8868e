/**
 * The tournament decider (Crown Melbourne 14, Rapid 12, Star 15): routing only. Each concern decides in its own
 * file: terms, entries, play, results; evolve is in tournament-state.decider.ts.
 */
import type { Decider } from '@app/event-store';
import type { TournamentCommand } from './tournament-command.types';
import { buyChips, playMarker } from './tournament-chips.decider';
import { closeEntries, enterTournament, refuseEntry, substituteEntry, withdrawEntry } from './tournament-entries.decider';
import {
  disqualify,
  noteAbsence,
  noteCoupCompleted,
  noteCoupStarted,
  noteCoupVoided,
  noteFirstCard,
  noteNoMoreBets,
  noteSettlement,
  noteTableOpened,
  noteTableLimitsChanged,
  noteWagers,
  playPassCard,
  recordBriefing,
  recordUndisclosedWager,
  retire,
  startSession,
} from './tournament-play.decider';
import { noteChipsCorrected, noteSeatRefused, noteSessionRefusedAtTable, noteSessionTakenAtTable } from './tournament-rapid-corrections.decider';
import { declareResults, endSession } from './tournament-results.decider';
import { evolveTournament } from './tournament-state.decider';
import { tablePlayAfterCancellation } from './tournament-after-cancellation.decider';
import { amendTerms, cancelTournament, designateTables, publishTerms } from './tournament-terms.decider';
import { requireTablesFree } from './tournament-table-designation.decider';
import { initialTournamentState, type TournamentEvent, type TournamentState } from './tournament.events';

export type { TournamentCommand } from './tournament-command.types';

const decide = (c: TournamentCommand, s: TournamentState): readonly TournamentEvent[] => {
  // A cancelled tournament decides nothing more from its tables' reports (Star 2024 15.3.4): noted, not applied.
  const ignored = tablePlayAfterCancellation(c, s);
  if (ignored) return ignored;
  switch (c.type) {
    case 'PublishTerms':
      return publishTerms(c, s);
    case 'AmendTerms':
      return amendTerms(c, s);
    case 'DesignateTables': {
      const events = designateTables(c, s);
      requireTablesFree(c, s);
      return events;
    }
    case 'CancelTournament':
      return cancelTournament(c, s);
    case 'EnterTournament':
      return enterTournament(c, s);
    case 'RefuseEntry':
      return refuseEntry(c, s);
    case 'WithdrawEntry':
      return withdrawEntry(c, s);
    case 'SubstituteEntry':
      return substituteEntry(c, s);
    case 'CloseEntries':
      return closeEntries(c, s);
    case 'RecordBriefing':
      return recordBriefing(c, s);
    case 'StartSession':
      return startSession(c, s);
    case 'PlayPassCard':
      return playPassCard(c, s);
    case 'RecordUndisclosedWager':
      return recordUndisclosedWager(c, s);
    case 'BuyChips':
      return buyChips(c, s);
    case 'PlayMarker':
      return playMarker(c, s);
    case 'NoteAbsence':
      return noteAbsence(c, s);
    case 'Disqualify':
      return disqualify(c, s);
    case 'Retire':
      return retire(c, s);
    case 'EndSession':
      return endSession(c, s);
    case 'DeclareResults':
      return declareResults(c, s);
    case 'NoteTableOpened':
      return noteTableOpened(c, s);
    case 'NoteTableLimitsChanged':
      return noteTableLimitsChanged(c, s);
    case 'NoteCoupStarted':
      return noteCoupStarted(c, s);
    case 'NoteWagers':
      return noteWagers(c, s);
    case 'NoteNoMoreBets':
      return noteNoMoreBets(c, s);
    case 'NoteFirstCard':
      return noteFirstCard(c, s);
    case 'NoteCoupCompleted':
      return noteCoupCompleted(c, s);
    case 'NoteSettlement':
      return noteSettlement(c, s);
    case 'NoteChipsCorrected':
      return noteChipsCorrected(c, s);
    case 'NoteSeatRefused':
      return noteSeatRefused(c, s);
    case 'NoteSessionRefusedAtTable':
      return noteSessionRefusedAtTable(c, s);
    case 'NoteSessionTakenAtTable':
      return noteSessionTakenAtTable(c, s);
    case 'NoteCoupVoided':
      return noteCoupVoided(c, s);
    default: {
      const never: never = c;
      return never;
    }
  }
};

export const tournamentDecider: Decider<TournamentCommand, TournamentEvent, TournamentState> = {
  decide,
  evolve: evolveTournament,
  initialState: initialTournamentState,
};
