import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiEventStream, HtmlPage, Public } from '@app/platform-kit';
import { QueryBus } from '@nestjs/cqrs';
import { GetJackpot } from '../jackpots.use-cases';
import { displayPage } from './display-page';
import { MeterFeed, MeterUpdate } from './meter-feed';

/**
 * The Jackpot Display (Crown Melbourne 1.1 'Jackpot Display'; 13.3.1(c)-(d)): a live meter feed and the page
 * shown at the tables. Public, like the display itself: it shows only what every player at the table sees.
 */
@ApiTags('jackpot display')
@Controller('jackpots')
export class MeterFeedController {
  constructor(
    @Inject(MeterFeed) private readonly feed: MeterFeed,
    private readonly queryBus: QueryBus,
  ) {}

  /**
   * Written straight to the response rather than through @Sse: a global interceptor that maps each emitted
   * value asynchronously (platform-kit's audit uses switchMap) would drop all but the last of a burst.
   */
  @Get(':jackpotId/meter/stream')
  @Public()
  @ApiOperation({ summary: 'Server-Sent Events: the current meter, then every contribution, hit and payout as it happens' })
  @ApiEventStream('First the current meter (`kind: meter`, with the last win), then one message per contribution, hit (`kind: hit`) and payout (`kind: win`); each carries the stream `version`')
  stream(@Param('jackpotId') jackpotId: string, @Req() req: IncomingMessage, @Res() res: ServerResponse): void {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache, no-transform', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    res.write('retry: 1000\n\n');
    let closed = false;
    const send = (u: MeterUpdate) => {
      if (!closed) res.write(`id: ${u.version}\ndata: ${JSON.stringify(u)}\n\n`);
    };
    // The feed sends the current meter first, then every later update once, in version order; a client that
    // reconnects (with or without Last-Event-ID) starts again from the current meter.
    let unsubscribe: (() => void) | undefined;
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
    req.on('close', () => {
      closed = true;
      clearInterval(heartbeat);
      unsubscribe?.();
    });
    this.feed
      .subscribe(jackpotId, send)
      .then((stop) => {
        if (closed) stop();
        else unsubscribe = stop;
      })
      .catch(() => res.end());
  }

  @Get(':jackpotId/display')
  @HtmlPage('The display page, with the current meter already in it; it then updates live')
  @ApiOperation({ summary: 'The Jackpot Display page for the tables (HTML, updates live over the meter stream)' })
  async display(@Param('jackpotId') jackpotId: string): Promise<string> {
    const { state, version } = await this.queryBus.execute(new GetJackpot(jackpotId));
    const now = new Date().toISOString();
    return displayPage(jackpotId, state.exists ? { name: state.name, rulebookId: state.rulebookId, parameters: state.parameters, meterCents: state.meterCents, version, lastWin: state.lastPayout } : null, now);
  }
}
