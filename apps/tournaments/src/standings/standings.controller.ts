import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, ApiErrorResponses, ApiEventStream, Authorize, CurrentActor, HtmlPage } from '@app/platform-kit';
import { GetStandings } from '../tournament/tournament.cqrs';
import { readableBy, READERS } from '../tournament/tournament.controller';
import { Standings } from './standings';
import { StandingsFeed } from './standings-feed';
import { standingsPage } from './standings-page';

/**
 * The live standings for the tournament floor: read as GET /tournaments/{id}/standings is (a token of the
 * tournament's casino, or its jurisdiction's regulator; Crown Melbourne 14.2.3, Star 2024 15.5.8). The board page
 * is public and signs in for its stream (the token in the URL fragment or typed in); it shows each entry by the
 * display name the director gave it (or its entry id), boxes and chips, never a patron's id or an undisclosed wager's
 * contents (Star 15.8.2.5).
 */
@ApiTags('tournament standings')
@ApiErrorResponses()
@Controller('tournaments')
export class StandingsController {
  constructor(
    @Inject(StandingsFeed) private readonly feed: StandingsFeed,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  /** Written straight to the response (as the jackpot meter stream): an interceptor mapping values asynchronously would drop a burst. */
  @Get(':tournamentId/standings/stream')
  @Authorize(READERS)
  @ApiOperation({ summary: 'Server-Sent Events: the standings now, then after every change (each scored coup named in scoredCoups); read as GET /tournaments/{tournamentId}/standings (Crown Melbourne 14.2.3, Star 2024 15.5.8)' })
  @ApiEventStream('The standings now, then after every change (StandingsDto as JSON on each data line; scoredCoups names the coups scored)')
  async stream(@Param('tournamentId') tournamentId: string, @CurrentActor() actor: Actor, @Req() req: IncomingMessage, @Res() res: ServerResponse): Promise<void> {
    // Refused before the stream opens, as the standings are: an unknown tournament 404, another jurisdiction's for a regulator 403.
    readableBy(actor, (await this.queries.execute(new GetStandings(tournamentId))) as { rulebookId: string });
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache, no-transform', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    res.write('retry: 1000\n\n');
    const send = (s: Standings) => res.write(`id: ${s.version}\ndata: ${JSON.stringify(s)}\n\n`);
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
    let unsubscribe: (() => void) | undefined;
    let closed = false;
    req.on('close', () => {
      closed = true;
      clearInterval(heartbeat);
      unsubscribe?.();
    });
    this.feed
      .subscribe(tournamentId, send)
      .then((sub) => {
        if (closed) return sub.unsubscribe();
        unsubscribe = sub.unsubscribe;
        send(sub.current);
      })
      .catch(() => res.end());
  }

  @Get(':tournamentId/standings/page')
  @HtmlPage()
  @ApiOperation({ summary: 'The standings board for the tournament floor (HTML, live over the standings stream)' })
  page(@Param('tournamentId') tournamentId: string): string {
    return standingsPage(tournamentId);
  }
}
