/**
 * The short soak: the services each in their own processes (an active replica and a warm standby,
 * behind a load balancer that sends work to ready replicas only) over their own Kafka broker and a fresh
 * database, a Crown Melbourne table with a Lucky Tie jackpot and deferred commission and a Star 2024 table with
 * side wagers played through the HTTP APIs, every fault once (kill -9 of each service's active replica and its
 * restart as the standby, the broker stopped and restarted, the services' PostgreSQL backends terminated, a process paused, a duplicated and a
 * reordered delivery) and a batch of hostile requests; beside them a Rapid table with four ATS, a small Star
 * tournament and a Star promotion earning entries from play and drawn; then the exact invariants. The long run is
 * `npm run soak -- --tables N --minutes M --seed S`.
 */
import { runSoak, SoakSummary } from '../../tools/soak/run-soak';

describe('a short casino day in production shape: every service its own process, under faults and hostile input', () => {
  let summary: SoakSummary;

  beforeAll(async () => {
    summary = await runSoak({ tables: 2, minutes: 2, seed: 15, kafkaOutageSeconds: 8, pauseSeconds: 6, hostileRequests: 60, recoveryTimeoutSeconds: 240, log: () => undefined });
  }, 15 * 60_000);

  it('injects every fault once and every service recovers from each', () => {
    const injected = summary.faults.map((f) => (f.kind === 'pause' ? 'pause' : `${f.kind}${f.service ? ` ${f.service}` : ''}`)).sort();
    expect(injected).toEqual([...summary.services.map((s) => `kill-9 ${s}`), 'kafka-outage', 'pg-terminate-backends', 'pause', 'duplicate-and-reorder'].sort());
    for (const f of summary.faults) for (const seconds of Object.values(f.recoverySeconds ?? {})) expect(Number.isFinite(seconds)).toBe(true);
  });

  it('loses nothing and counts nothing twice: every acknowledged command stored once, every settled wager once in the statistics and reports, the deferred-commission ledger (Crown Melbourne 9.3.1) and the jackpot meter (13.3.2(a), 13.4.1-13.4.2) exact, hash chains intact, rebuilt read models equal to the live ones, no service died', () => {
    expect(summary.coups).toBeGreaterThan(0);
    expect(summary.violations).toEqual([]);
  });

  it('plays Rapid, a tournament and a promotion too: ATS balances equal the sum of their movements (Rapid 6), tournament chips conserved and every coup scored once (Star 2024 15.6.2, 15.5.8), promotion entries equal what the settled eligible wagers earn and the draw picks one of their holders (Star 2024 16.7.3, 16.2)', () => {
    expect({ rapid: summary.rapidRounds > 0, tournament: summary.tournamentCoups > 0, promotion: summary.promotionEntries > 0 }).toEqual({ rapid: true, tournament: true, promotion: true });
    expect(summary.violations).toEqual([]);
  });

  it('measures the projection lag of every second after each restart', () => {
    expect(summary.lagAfterRestarts.map((r) => r.service).sort()).toEqual([...summary.services].sort());
  });

  it('runs each service as an active replica and a standby: every kill -9 hits the active one, and the standby takes its locks over (the time is in the summary)', () => {
    expect(summary.replicas).toBe(2);
    expect(summary.takeovers.map((t) => t.service).sort()).toEqual([...summary.services].sort());
    for (const t of summary.takeovers) expect({ killed: t.killed, finite: Number.isFinite(t.takeoverMs), byAnother: t.by.every((by) => by !== t.killed) }).toEqual({ killed: t.killed, finite: true, byAnother: true });
  });

  it('answers hostile requests with a 4xx, never a 5xx, and lets no forged token or out-of-jurisdiction caller through', () => {
    expect(summary.malformedRequests).toBeGreaterThan(0);
    expect({ serverErrors: summary.serverErrors, authBypasses: summary.authBypasses, findings: summary.hostileFindings.filter((f) => !f.startsWith('malformed GET')) }).toEqual({ serverErrors: 0, authBypasses: 0, findings: [] });
  });
});
