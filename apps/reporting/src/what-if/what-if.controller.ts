import { BadRequestException, Body, Controller, DynamicModule, HttpCode, Inject, Module, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PG_POOL } from '@app/database';
import type { EventSource } from '@app/messaging';
import { ApiErrorResponses, ApiJson, Authorize } from '@app/platform-kit';
import type { Pool } from 'pg';
import { readRecordedPlay } from './recorded-play.reader';
import { WhatIfDto } from './what-if.dto';
import { whatIf, WhatIfRefused, type WhatIfAnswer } from './what-if';

const WHAT_IF_SOURCE = Symbol('WHAT_IF_SOURCE');

/** Instants as given are compared as stored (UTC ISO): normalise "…+11:00" to "…Z". */
const utc = (instant: string): string => new Date(instant).toISOString();

/**
 * What-if replay for games managers: "what would our hold on these tables have been under Dragon Bonus option 2?".
 * Casino manager only: it weighs pay-table choices the rulebooks leave to the casino (Crown Melbourne 1.1; Rapid 10.1).
 */
@ApiTags('reporting what-if')
@ApiErrorResponses()
@Controller('reporting')
export class WhatIfController {
  constructor(@Inject(WHAT_IF_SOURCE) private readonly source: EventSource) {}

  @Post('what-if')
  @HttpCode(200)
  @Authorize('casino-manager')
  @ApiOperation({ summary: 'Replays the recorded coups of some tables over a period under changed pay-table options, variant or rulebook, beside what they actually held.' })
  @ApiJson(
    'Per table: the configuration history of the period (each game, option and rulebook from when it took effect; each coup\'s actual is settled under the one in force when it was dealt). Per table and bet: actual (as settled) and whatIf (settled again from the recorded cards and wagers) with turnoverCents, paidCents, commissionCents, houseWinCents, holdPercent, each option\'s exact house edge with playerFavourable and the bet\'s clause in the rulebook it was settled under; refused (wagers the changed configuration would not have taken) and notReplayed (wagers the published play cannot settle again) counted apart',
    {
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-02T00:00:00.000Z',
      changes: [{ bet: 'dragon-bonus-player', option: '2' }],
      tables: [
        {
          tableId: 'BAC-VIC-1',
          coups: 64,
          configurations: [
            { from: '2026-02-28T18:00:00.000Z', clause: null, rulebookId: 'crown-melbourne-v29', variant: 'traditional', offeredBets: [{ bet: 'banker', option: 'traditional' }, { bet: 'dragon-bonus-player', option: '1' }, { bet: 'super-6', option: '15' }] },
            { from: '2026-03-01T03:00:00.000Z', clause: 'Crown Melbourne (no provision)', rulebookId: 'crown-melbourne-v29', variant: 'traditional', offeredBets: [{ bet: 'banker', option: 'traditional' }, { bet: 'dragon-bonus-player', option: '1' }, { bet: 'super-6', option: '16' }] },
          ],
          bets: [
            {
              bet: 'dragon-bonus-player',
              actual: { wagers: 40, turnoverCents: 200000, paidCents: 150000, commissionCents: 0, houseWinCents: 50000, holdPercent: 25, options: [{ option: '1', houseEdgePercent: 2.6517, playerFavourable: false }], clause: 'Crown Melbourne 5.5.9' },
              whatIf: { wagers: 40, turnoverCents: 200000, paidCents: 160000, commissionCents: 0, houseWinCents: 40000, holdPercent: 20, options: [{ option: '2', houseEdgePercent: 2.5823, playerFavourable: false }], clause: 'Crown Melbourne 5.5.9' },
              refused: { wagers: 0, amountCents: 0, reasons: {} },
              notReplayed: { wagers: 0, amountCents: 0, reasons: {} },
            },
          ],
        },
      ],
    },
  )
  async whatIf(@Body() body: WhatIfDto): Promise<WhatIfAnswer> {
    const from = utc(body.from);
    const to = utc(body.to);
    if (from >= to) throw new BadRequestException({ statusCode: 400, error: 'Bad Request', message: 'The request is invalid: "to" must come after "from".', violations: [{ field: 'to', rule: 'afterFrom', message: '"to" must come after "from"' }] });
    const plays = await Promise.all([...new Set(body.tableIds)].map((id) => readRecordedPlay(this.source, id, from, to)));
    try {
      return whatIf(plays, body.changes, from, to);
    } catch (err) {
      if (!(err instanceof WhatIfRefused)) throw err;
      const first = err.violations[0];
      throw new BadRequestException({
        statusCode: 400,
        error: 'Bad Request',
        code: first.rule,
        message: `The what-if is not a configuration the tables could lawfully have had: ${err.message}`,
        clause: first.clause,
        field: first.field,
        violations: err.violations.map((v) => ({ field: v.field, rule: v.rule, clause: v.clause, message: v.message, tableId: v.tableId })),
      });
    }
  }
}

/** Registered by ReportingModule with the tables source it consumes. */
@Module({})
export class WhatIfModule {
  static forRoot(tablesSource: (pool: Pool) => EventSource): DynamicModule {
    return {
      module: WhatIfModule,
      controllers: [WhatIfController],
      providers: [{ provide: WHAT_IF_SOURCE, inject: [PG_POOL], useFactory: (pool: Pool) => tablesSource(pool) }],
    };
  }
}
