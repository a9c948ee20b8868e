/**
 * A cancelled tournament decides nothing more (Star 2024 15.3.4): what its tables report after the cancellation (a
 * coup started, wagers, the settlement, a void, a Rapid correction) is not applied, so no coup is scored, nobody is
 * disqualified or eliminated and no chips move; each is noted for the Tournament Director / Manager instead.
 */
import type { TournamentTablePlayIgnored } from '@app/contracts';
import type { TournamentCommand } from './tournament-command.types';
import type { TournamentEvent, TournamentState } from './tournament.events';

const TABLE_EVENT: Partial<Record<TournamentCommand['type'], TournamentTablePlayIgnored['tableEvent']>> = {
  NoteCoupStarted: 'coup-started',
  NoteWagers: 'wagers',
  NoteNoMoreBets: 'no-more-bets',
  NoteFirstCard: 'first-card',
  NoteCoupCompleted: 'coup-completed',
  NoteSettlement: 'settlement',
  NoteCoupVoided: 'coup-voided',
  NoteChipsCorrected: 'chips-corrected',
};

/** The notice for a table's report reaching a cancelled tournament, [] for one not about its tables; null while it is not cancelled. */
export const tablePlayAfterCancellation = (c: TournamentCommand, s: TournamentState): TournamentEvent[] | null => {
  const tableEvent = TABLE_EVENT[c.type];
  if (s.status !== 'cancelled' || !tableEvent || !('tableId' in c)) return null;
  const ours = !!s.tables[c.tableId] || Object.values(s.sessions).some((x) => x.tables.includes(c.tableId));
  if (!ours) return [];
  return [
    {
      type: 'TournamentTablePlayIgnored',
      tournamentId: s.tournamentId,
      tableId: c.tableId,
      coupId: 'coupId' in c && typeof c.coupId === 'string' ? c.coupId : null,
      tableEvent,
      notedAt: c.now,
      clause: s.cancellation!.clause,
    },
  ];
};
