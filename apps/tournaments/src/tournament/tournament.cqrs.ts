/**
 * The HTTP edge dispatches through @nestjs/cqrs: one command message for every tournament command (run by the
 * generic DeciderCommandHandler under the stream lock) and the queries the admin API answers.
 */
import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler, IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainError, isNotYetHeard } from '@app/contracts';
import type { CommandContext } from '@app/event-store';
import { retryUntilHeard } from '@app/messaging';
import { standingsOf } from '../standings/standings';
import { RapidTables } from '../rapid-play/rapid-tables';
import { RAPID_TABLES, TOURNAMENT_COMMANDS } from '../tournaments.tokens';
import type { TournamentCommand } from './tournament-command.types';
import { TournamentCommands } from './tournament.commands';
import type { TournamentState } from './tournament.events';
import { prizePoolOf } from './tournament-rules.decider';

export class RunTournamentCommand {
  constructor(
    readonly tournamentId: string,
    readonly command: TournamentCommand,
    readonly context: CommandContext,
  ) {}
}

export class GetTournament {
  constructor(readonly tournamentId: string) {}
}

export class GetStandings {
  constructor(readonly tournamentId: string) {}
}

/** The prize pool as everything states it (prizePoolOf: Star 15.3.1-15.3.3; Crown Melbourne 14.4.7(a)), with its parts and definition. */
const poolView = (state: TournamentState) => {
  const pool = prizePoolOf(state);
  const cancelled = state.cancellation;
  // Once cancelled the pool holds nothing: what was collected is accounted for in the cancellation (Star 15.3.4), and
  // the view says where to read it, so no two figures of what was collected disagree.
  const definition = cancelled
    ? `The tournament was cancelled (${cancelled.clause}): no prize is paid and the pool holds nothing. What was collected${typeof cancelled.collectedCents === 'number' ? ` (${cancelled.collectedCents} cents)` : ''} was refunded, forfeited or, the value the casino added, withdrawn, as the cancellation states.`
    : pool.definition;
  // One figure for what was collected: once cancelled, the cancellation's (where it states one), not the empty pool's.
  const collectedCents = cancelled && typeof cancelled.collectedCents === 'number' ? cancelled.collectedCents : pool.collectedCents;
  return { prizePoolCents: pool.poolCents, collectedCents, guaranteedCents: pool.guaranteedCents, guaranteeApplies: pool.guaranteeApplies, prizePoolDefinition: definition };
};

/** The tournament as the director and the regulator read it; undisclosed forms stay sealed until revealed (Star 15.8.2.5). */
export const tournamentView = (state: TournamentState, version: number) => ({
  tournamentId: state.tournamentId,
  name: state.name,
  rulebookId: state.rulebookId,
  status: state.status,
  version,
  terms: state.terms,
  ...poolView(state),
  designatedTables: state.designatedTables,
  briefed: state.briefed,
  readyTables: Object.keys(state.tables),
  entries: Object.values(state.entries),
  sessions: state.sessionOrder.map((id) => {
    const s = state.sessions[id];
    return {
      sessionId: s.sessionId,
      kind: s.kind,
      playOff: s.playOff,
      issuedChips: s.issued,
      houseChips: s.house,
      withdrawnChips: s.withdrawn,
      players: Object.values(s.players),
      eliminated: s.eliminated,
      ended: s.ended,
      playOffsDecided: s.playOffsDecided,
    };
  }),
  results: state.results,
  prizes: state.prizes,
  // Where every cent collected went on cancellation (Star 15.3.4 with 15.3.1, 15.5.7, 15.6.3); null until cancelled.
  cancellation: state.cancellation ?? null,
});

/** The acts on a coup at the table besides chips: a pass card, an undisclosed wager's form, a marker (Star 15.7.1, 15.8.2, 15.9.3; Crown Melbourne 14.4.4(d)-(f)). */
const TAKES_A_TURN = new Set<TournamentCommand['type']>(['PlayPassCard', 'RecordUndisclosedWager', 'PlayMarker']);
/**
 * The commands whose refusal may only mean the table's acts have not been heard yet: those taking a turn, and the end
 * of a session, judged on the coups heard from the tables (one just settled may not be heard yet: Star 15.5.5, 15.5.8;
 * Crown Melbourne 14.4.8(d); Rapid 12.3.5).
 */
const WAITS_FOR_THE_TABLE = new Set<TournamentCommand['type']>([...TAKES_A_TURN, 'EndSession']);
const AHEAD_OF_TURN = new Set(['PASS_CARD_OUT_OF_SEQUENCE', 'WAGER_OUT_OF_SEQUENCE']);
/**
 * Their refusals that may only mean the table's acts have not been heard yet: a coup not heard to start
 * (`notYetHeard`), or a box ahead of its turn as far as the wagers heard go (Star 15.9.4), a refusal that stands once
 * waited out. A form altering a wager after its turn (15.9.5) is certain at once.
 */
const awaitsTheTable = (err: unknown): boolean => isNotYetHeard(err) || (err instanceof DomainError && AHEAD_OF_TURN.has(err.code));

/** A tournament never published, named: the decider's state of an empty stream does not know the id it was asked for. */
const tournamentNotFound = (tournamentId: string): DomainError =>
  new DomainError('not-found', 'TOURNAMENT_NOT_FOUND', `No tournament ${tournamentId}: check the id, or publish its terms first (POST /tournaments with tournamentId ${tournamentId}).`, undefined, 'tournamentId');
const named = (tournamentId: string) => (err: unknown): never => {
  throw err instanceof DomainError && err.code === 'TOURNAMENT_NOT_FOUND' ? tournamentNotFound(tournamentId) : err;
};

@CommandHandler(RunTournamentCommand)
export class RunTournamentCommandHandler implements ICommandHandler<RunTournamentCommand> {
  constructor(
    @Inject(TOURNAMENT_COMMANDS) private readonly commands: TournamentCommands,
    @Inject(RAPID_TABLES) private readonly rapidTables: RapidTables,
  ) {}

  async execute(m: RunTournamentCommand) {
    const command = await this.withRapidTables(m.command, m.tournamentId);
    // A pass card, form or marker may only be ahead of what this service has heard of the table (the coup's start, the
    // wagers before it): it waits a moment for them before the refusal stands (Star 15.7.1, 15.8.2 with 15.9.3-15.9.4).
    const outcome = await (WAITS_FOR_THE_TABLE.has(command.type)
      ? retryUntilHeard(() => this.commands.handle(m.tournamentId, command, m.context), awaitsTheTable)
      : this.commands.handle(m.tournamentId, command, m.context)
    ).catch(named(m.tournamentId));
    // Events are returned as recorded, except the undisclosed form (only the indicator is shown, Star 15.8.2.5).
    const events = outcome.events.map((e) => (e.type === 'UndisclosedWagerRecorded' ? { ...e, form: undefined } : e));
    return { ...tournamentView(outcome.state, outcome.version), events, duplicate: outcome.duplicate };
  }

  /**
   * A designation or a session names tables; those the rapid service published are added as facts (Rapid 12.3.1), and
   * to a designation those the tables service has open in tournament mode for another tournament, with its status as
   * this service has it (Star 15.5.1-15.5.2; Crown Melbourne 14.2.4-14.2.5).
   */
  private async withRapidTables(c: TournamentCommand, tournamentId: string): Promise<TournamentCommand> {
    if (c.type === 'DesignateTables') {
      const held = (await this.rapidTables.inTournamentMode(c.tableIds)).filter((x) => x.tournamentId !== tournamentId);
      const tablesInTournamentMode = await Promise.all(held.map(async (x) => ({ ...x, status: (await this.commands.load(x.tournamentId)).state.status })));
      return { ...c, rapidTables: await this.rapidTables.known(c.tableIds), ...(tablesInTournamentMode.length > 0 ? { tablesInTournamentMode } : {}) };
    }
    if (c.type === 'StartSession') return { ...c, rapidTables: await this.rapidTables.known([...new Set(c.seating.map((x) => x.tableId))]) };
    return c;
  }
}

@QueryHandler(GetTournament)
export class GetTournamentHandler implements IQueryHandler<GetTournament> {
  constructor(@Inject(TOURNAMENT_COMMANDS) private readonly commands: TournamentCommands) {}

  async execute(q: GetTournament) {
    const { state, version } = await this.commands.load(q.tournamentId);
    if (!state.exists) throw tournamentNotFound(q.tournamentId);
    return tournamentView(state, version);
  }
}

@QueryHandler(GetStandings)
export class GetStandingsHandler implements IQueryHandler<GetStandings> {
  constructor(@Inject(TOURNAMENT_COMMANDS) private readonly commands: TournamentCommands) {}

  async execute(q: GetStandings) {
    const { state, version } = await this.commands.load(q.tournamentId);
    if (!state.exists) throw tournamentNotFound(q.tournamentId);
    return standingsOf(state, version);
  }
}
