import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, ApiErrorResponses, ApiEventStream, Authorize, CurrentActor, HtmlPage } from '@app/platform-kit';
import { RAPID_USE_CASES } from '../rapid.tokens';
import type { RapidUseCases } from '../rapid-use-cases';
import { tableView, wagersOnRound } from '../rapid-views';
import { assertMayReadTable } from '../rapid.cqrs';
import { atsPage, sgcPage } from './rapid-pages';
import { RapidFeed, type FeedUpdate } from './rapid-feed';

/**
 * The live feed of a Rapid table (Server-Sent Events): the countdown of the wagering period (8.2), the close, the
 * outcome and the settlement to every viewer; each balance only to the ATS showing the account (6.1). Written
 * straight to the response (as the jackpot meter feed) so no interceptor drops a burst. The pages read it with
 * fetch, so the token travels in the Authorization header, never in a URL's query (the pages take it from the
 * fragment, which the browser never sends).
 */
@ApiTags('rapid baccarat: live feed and pages')
@ApiErrorResponses()
@Controller('rapid')
export class RapidFeedController {
  constructor(
    @Inject(RapidFeed) private readonly feed: RapidFeed,
    @Inject(RAPID_USE_CASES) private readonly useCases: RapidUseCases,
  ) {}

  @Get('tables/:tableId/feed')
  @Authorize({ anyOf: ['ats', 'dealer', 'regulator'] })
  @ApiOperation({ summary: 'SSE: the table now, then every round change (countdown 8.2, close 8.1(c), outcome, settlement); balances only to their own ATS; an ATS follows only its own table (2.2(a), 4.3)' })
  @ApiEventStream('The table now (kind table; to an ATS with the wagers its account stands on the round in progress, 2.1, 4.2), then each round change (countdown, close, outcome, settlement) and, to its own ATS only, its balance (kind balance)')
  async stream(@Param('tableId') tableId: string, @CurrentActor() actor: Actor, @Req() req: IncomingMessage, @Res() res: ServerResponse): Promise<void> {
    const { state, version } = await this.useCases.loadTable(tableId);
    // An ATS follows only the table it is part of (Rapid 2.2(a), 4.3): refused before the stream opens.
    assertMayReadTable(actor, state);
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache, no-transform', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    res.write('retry: 1000\n\n');
    const send = (u: unknown) => res.write(`data: ${JSON.stringify(u)}\n\n`);
    const buffered: FeedUpdate[] = [];
    let ready = false;
    const unsubscribe = this.feed.subscribe(tableId, { role: actor.role, id: actor.id }, (u) => (ready ? send(u) : buffered.push(u)));
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
    heartbeat.unref();
    req.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
    // An ATS sees only its own account (4.3): whether another ATS is open, never which account it shows.
    const view = tableView(state, version, new Date().toISOString(), actor.role === 'ats' ? actor.id : null);
    // The SGC sees which account each ATS shows and which player asked to be paid out (6.7.1), never a balance (6.1).
    const sgc = actor.role !== 'ats';
    const stations = await Promise.all(
      view.stations.map(async (s) => {
        const base = { atsId: s.atsId, remote: s.remote, printer: s.printer, open: (state.stations[s.atsId]?.accountId ?? null) !== null };
        if (!sgc || !s.accountId) return base;
        const account = await this.useCases.loadAccount(s.accountId).catch(() => undefined);
        return { ...base, accountId: s.accountId, payoutRequested: Boolean(account?.state.payoutRequestedAt) };
      }),
    );
    const mine = actor.role === 'ats' ? view.stations.find((s) => s.atsId === actor.id) : undefined;
    const account = mine?.accountId ? await this.useCases.loadAccount(mine.accountId).catch(() => undefined) : undefined;
    // To its own ATS, the wagers its account stands on the round (2.1, 4.2, 4.6): the screen draws them on (re)connecting.
    const wagers = actor.role === 'ats' ? wagersOnRound(view.round, view.round ? account?.state.rounds[view.round.roundId] : undefined) : undefined;
    send({ kind: 'table', ...view, stations, ...(wagers !== undefined ? { wagers } : {}) });
    if (mine?.accountId) {
      if (account) send({ kind: 'balance', tableId, atsId: actor.id, accountId: mine.accountId, eventType: 'Snapshot', balanceCents: account.state.balanceCents, frozen: account.state.frozenForRounds.length > 0, at: view.serverNow });
    }
    ready = true;
    for (const u of buffered.splice(0)) send(u);
  }

  @Get('ats')
  @HtmlPage()
  @ApiOperation({ summary: "The ATS page (Rapid 2.1 Diagram A): balance, countdown, wager buttons (chips below a bet's minimum shown pending until they reach it, 5.3.1), cash-out and note acceptor; wager touches only within the wagering period (4.7); a tournament account in tournament chips, with the session's limits, chips that make its wagers and no cash actions (12.2.1(b)-(c), 12.2.2); ?table=<id>&ats=<id>; signs in with the token in the fragment (#token=<token>, never sent to the server) or the form, kept for the tab so a reload still shows the account (6.1)" })
  ats(): string {
    return atsPage();
  }

  @Get('sgc')
  @HtmlPage()
  @ApiOperation({ summary: "The dealer's SGC page (Rapid 1.1 'SGC'): start a round, draw, enter the outcome; freeze and correct a round by its number (11.11); take a buy-in (6.2), offered only at an ATS that is not remote (6.2.1); record a malfunction (11.14-11.16); resolve a player's claim (11.12); each ATS's stakes on the round by bet and its balance (1.1 'SGC'(b)); only the actions that apply to the table's state are enabled; ?table=<id>; signs in with the token in the fragment (#token=<token>, never sent to the server) or the form, kept for the tab" })
  sgc(): string {
    return sgcPage();
  }
}
