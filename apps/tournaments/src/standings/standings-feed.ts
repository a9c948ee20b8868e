import { tournamentStreamId } from '@app/contracts';
import { PollingLoop, toDomainEvent, type PostgresEventStore } from '@app/event-store';
import { tournamentDecider } from '../tournament/tournament.decider';
import { tournamentCommandHandler } from '../tournament/tournament.commands';
import type { TournamentEvent, TournamentState } from '../tournament/tournament.events';
import { Standings, standingsOf } from './standings';

type Listener = (standings: Standings) => void;
interface Followed {
  state: TournamentState;
  version: number;
  listeners: Set<Listener>;
}

/**
 * The live standings: for each tournament someone watches, reads its stream after the version it holds, folds the
 * new events into the state and sends the standings once per poll. Reading the stream by version, not the store
 * in global order, keeps the board off the server-wide snapshot horizon (readAll waits behind the oldest open
 * transaction anywhere on the server: any stalled session delays every board), and a stream's versions commit in
 * order under its lock, so nothing is skipped. In memory and per process; a new watcher first gets the current
 * standings. The process's own table-play consumer wakes it after each commit (`wake`), so a scored coup reaches
 * the board without waiting out the poll interval; the interval only catches what other processes append.
 */
export class StandingsFeed {
  private readonly followed = new Map<string, Followed>();
  private readonly loop: PollingLoop;

  constructor(
    private readonly store: PostgresEventStore,
    intervalMs = 20,
  ) {
    this.loop = new PollingLoop(() => this.poll(), intervalMs);
  }

  async start(): Promise<void> {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Subscribes and returns the current standings (sent first) and the unsubscribe function. */
  async subscribe(tournamentId: string, listener: Listener): Promise<{ current: Standings; unsubscribe: () => void }> {
    let f = this.followed.get(tournamentId);
    if (!f) {
      const loaded = await tournamentCommandHandler(this.store).load(tournamentStreamId(tournamentId));
      f = this.followed.get(tournamentId) ?? { ...loaded, listeners: new Set() };
      this.followed.set(tournamentId, f);
    }
    const followed = f;
    followed.listeners.add(listener);
    return {
      current: standingsOf(followed.state, followed.version),
      unsubscribe: () => {
        followed.listeners.delete(listener);
        if (followed.listeners.size === 0) this.followed.delete(tournamentId);
      },
    };
  }

  /** Events were committed in this process: poll now rather than at the next tick. */
  wake(): void {
    this.loop.wake();
  }

  private async poll(): Promise<void> {
    for (const [id, f] of [...this.followed]) {
      try {
        const events = await this.store.readStream(tournamentStreamId(id), f.version);
        const coups: string[] = [];
        for (const e of events) {
          if (e.version !== f.version + 1) break;
          f.state = tournamentDecider.evolve(f.state, toDomainEvent<TournamentEvent>(e));
          f.version = e.version;
          if (e.type === 'TournamentCoupScored') coups.push(String((e.data as { coupId?: string }).coupId));
        }
        if (events.length === 0) continue;
        const standings = standingsOf(f.state, f.version, coups);
        for (const l of f.listeners) l(standings);
      } catch {
        // The database is briefly unavailable: the next poll resumes from the version held.
      }
    }
  }
}
