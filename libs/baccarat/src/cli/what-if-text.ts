/**
 * `baccarat -- what-if` arguments and its text table. Pure: the command (what-if-command.ts) reads the database.
 */
import { hasUtcOffset, instantFault, isInstant } from '@app/contracts';
import type { WhatIfChange } from '../replay/what-if-changes';

export interface WhatIfArguments {
  readonly tableIds: readonly string[];
  readonly from: string;
  readonly to: string;
  readonly changes: readonly WhatIfChange[];
  readonly json: boolean;
}

export const WHAT_IF_USAGE =
  'Usage: baccarat what-if --tables T1,T2 --from <instant> --to <instant> [--change bet=option]... [--change bet.max=<cents>] [--change variant=<id>] [--change rulebook=<id>] [--json]\n' +
  '  e.g. what-if --tables VIC-7 --from 2026-10-01T06:00:00+10:00 --to 2026-11-01T06:00:00+11:00 --change dragon-bonus-player=2 (DATABASE_URL names the database)';

/** Parses the command line, or says what is wrong with it. */
export const parseWhatIfArguments = (args: readonly string[]): WhatIfArguments | { readonly error: string } => {
  const values = (name: string) => args.flatMap((a, i) => (a === `--${name}` && args[i + 1] !== undefined ? [args[i + 1]] : []));
  const tableIds = (values('tables')[0] ?? '').split(',').map((t) => t.trim()).filter((t) => t !== '');
  if (tableIds.length === 0) return { error: '--tables needs one or more table ids, comma-separated.' };
  const [from, to] = [values('from')[0], values('to')[0]];
  for (const [name, v] of [['from', from], ['to', to]] as const) {
    // The same instants the HTTP route takes: a calendar date, hours 00-23, minutes and seconds 00-59, an offset.
    if (v === undefined || !isInstant(v) || instantFault(v) !== null || !hasUtcOffset(v)) {
      const fault = v === undefined ? 'got nothing' : `"${v}" ${instantFault(v) ?? 'is not one'}`;
      return { error: `--${name} needs an ISO-8601 instant with its offset from UTC, e.g. 2026-10-01T06:00:00+10:00; ${fault}.` };
    }
  }
  const changes: WhatIfChange[] = [];
  for (const c of values('change')) {
    const limit = /^([a-z0-9-]+)\.(min|max)=(\d{1,11})$/.exec(c);
    if (limit) {
      changes.push({ bet: limit[1], [limit[2] === 'min' ? 'minimumCents' : 'maximumCents']: Number(limit[3]) });
      continue;
    }
    const m = /^([a-zA-Z0-9-]+)=([A-Za-z0-9.:-]+)$/.exec(c);
    if (!m) return { error: `--change takes bet=option, bet.min=<cents>, bet.max=<cents>, variant=<id> or rulebook=<id>; got "${c}".` };
    if (m[1] === 'variant') changes.push({ variant: m[2] });
    else if (m[1] === 'rulebook' || m[1] === 'rulebookId') changes.push({ rulebookId: m[2] });
    else changes.push({ bet: m[1], option: m[2] });
  }
  return { tableIds, from: new Date(from!).toISOString(), to: new Date(to!).toISOString(), changes, json: args.includes('--json') };
};

interface Figures {
  readonly turnoverCents: number;
  readonly houseWinCents: number;
  readonly holdPercent: number | null;
  readonly options: readonly { readonly option: string; readonly side?: string; readonly houseEdgePercent: number; readonly playerFavourable: boolean }[];
}
interface Answer {
  readonly from: string;
  readonly to: string;
  readonly tables: readonly {
    readonly tableId: string;
    readonly coups: number;
    readonly bets: readonly { readonly bet: string; readonly actual: Figures; readonly whatIf: Figures; readonly refused: { readonly wagers: number }; readonly notReplayed: { readonly wagers: number } }[];
    /** Every bet together. */
    readonly total?: { readonly actual: Omit<Figures, 'options'>; readonly whatIf: Omit<Figures, 'options'> };
    /** The configuration history of the period (the first in force at its start). */
    readonly configurations?: readonly Configuration[];
  }[];
}
interface Configuration {
  readonly from: string;
  readonly clause: string | null;
  readonly rulebookId: string;
  readonly variant: string;
  readonly offeredBets: readonly { readonly bet: string; readonly option: string }[];
}

/** What a change of the game made different: rulebook, variant and each bet's option ('not offered' where it went or came). */
const changeLine = (before: Configuration, after: Configuration): string => {
  const parts: string[] = [];
  if (before.rulebookId !== after.rulebookId) parts.push(`rulebook ${before.rulebookId} -> ${after.rulebookId}`);
  if (before.variant !== after.variant) parts.push(`variant ${before.variant} -> ${after.variant}`);
  const option = (c: Configuration, bet: string) => c.offeredBets.find((o) => o.bet === bet)?.option ?? 'not offered';
  for (const bet of [...new Set([...before.offeredBets, ...after.offeredBets].map((o) => o.bet))]) {
    if (option(before, bet) !== option(after, bet)) parts.push(`${bet} ${option(before, bet)} -> ${option(after, bet)}`);
  }
  return `  changed at ${after.from}: ${parts.join('; ') || 'limits'}${after.clause ? ` (${after.clause})` : ''}`;
};

const dollars = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100).toLocaleString('en-AU')}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
const hold = (p: number | null) => (p === null ? '-' : `${p.toFixed(2)}%`);
/** Each option with its exact house edge; PLAYER-FAVOURABLE beside an edge that is the player's (the rules owner's ruling). */
const edges = (f: Pick<Figures, 'options'>) => f.options.map((o) => `${o.option}${o.side ? ` ${o.side}` : ''} ${o.houseEdgePercent.toFixed(2)}%${o.playerFavourable ? ' PLAYER-FAVOURABLE' : ''}`).join(', ') || '-';

/** One table per table: per bet, actual and what-if turnover, house win and hold, with the options' exact edges. */
export const whatIfText = (a: Answer): string => {
  const lines: string[] = [];
  const head = ['bet', 'turnover', 'actual win', 'hold', 'what-if win', 'hold', 'option (edge) actual', 'what-if', 'refused', 'not replayed'];
  for (const t of a.tables) {
    lines.push(`${t.tableId}: ${t.coups} coups from ${a.from} to ${a.to}`);
    // A game or option changed in the period: each coup's actual was settled under the one in force then (Star 2024 14.8).
    const history = t.configurations ?? [];
    for (let i = 1; i < history.length; i++) lines.push(changeLine(history[i - 1], history[i]));
    const rows = t.bets.map((b) => [b.bet, dollars(b.actual.turnoverCents), dollars(b.actual.houseWinCents), hold(b.actual.holdPercent), dollars(b.whatIf.houseWinCents), hold(b.whatIf.holdPercent), edges(b.actual), edges(b.whatIf), String(b.refused.wagers), String(b.notReplayed.wagers)]);
    if (t.total) {
      const { actual, whatIf } = t.total;
      const apart = (k: 'refused' | 'notReplayed') => String(t.bets.reduce((n, b) => n + b[k].wagers, 0));
      rows.push(['all bets', dollars(actual.turnoverCents), dollars(actual.houseWinCents), hold(actual.holdPercent), dollars(whatIf.houseWinCents), hold(whatIf.holdPercent), '', '', apart('refused'), apart('notReplayed')]);
    }
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    for (const r of [head, ...rows]) lines.push(r.map((c, i) => (i === 0 || i >= 6 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd());
    lines.push('');
  }
  return lines.join('\n').trimEnd();
};
