import { casinoNamedBy, casinoOfRulebook, type GameKind } from '@app/baccarat';
import { provideCasinoResolver } from '@app/platform-kit';
import { RapidTables } from './rapid-play/rapid-tables';
import { StandingsController } from './standings/standings.controller';
import { TournamentCommands } from './tournament/tournament.commands';
import { TournamentController } from './tournament/tournament.controller';
import { RAPID_TABLES, TOURNAMENT_COMMANDS } from './tournaments.tokens';

/**
 * Staff and tournament directors act only at their own casino: a tournament belongs to the casino of the rulebook
 * it runs under (its standings too, once or live); a tournament being published, to the casino of the operator (and game) its terms name.
 */
export const TOURNAMENTS_CASINO_SCOPE = provideCasinoResolver(
  (commands: TournamentCommands, tables: RapidTables) => ({
    service: 'tournaments',
    controllers: [TournamentController, StandingsController],
    ids: {
      tournamentId: async (id) => casinoOfRulebook((await commands.load(id)).state.rulebookId),
      // A table a director names (designation, pass card, marker, undisclosed wager): the casino of the rulebook it was
      // opened under, as this service learnt it from the tables and rapid services' events; never seen: left to the decider.
      tableId: async (id) => casinoOfRulebook(await tables.rulebookOf(id)),
    },
    // A session seats its players at tables (Crown Melbourne 14.2.5; Star 15.5.2): each seat's table too.
    bodyIds: { tableIds: 'tableId', tableId: 'tableId', 'seating[].tableId': 'tableId' },
    body: (b) => (typeof b.operator === 'string' ? casinoNamedBy(b.operator, typeof b.game === 'string' ? (b.game as GameKind) : undefined) : undefined),
  }),
  [TOURNAMENT_COMMANDS, RAPID_TABLES],
);
