import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type { Pool } from 'pg';
import { PG_POOL } from '@app/database';
import { listRefusedCommands } from '@app/messaging';
import { ApiErrorResponses, ApiJson, Authorize } from '@app/platform-kit';

class RefusedCommandsQuery {
  @ApiPropertyOptional({ example: 'promotions.table-play', description: 'One consumer (reactor) only; all by default.' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  @Matches(/^[A-Za-z0-9._:-]+$/)
  consumer?: string;
}

/**
 * What a supervisor acts on: the commands a service's reactor derived from another service's event and the rules
 * refused (a token wager the voucher does not allow, a session at a table not designated for it, a contribution to a
 * jackpot that does not exist), each with the event, the stream, the rule's code, its clause and the message. The
 * platform never drops them silently: they are recorded with the checkpoint that passes the event.
 */
@ApiTags('reports')
@Controller('reporting/refused-commands')
export class RefusedCommandsController {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  @Get()
  @Authorize('gaming-supervisor')
  @ApiOperation({ summary: "Commands a reaction to another service's event was refused, oldest first (at most 500)" })
  @ApiJson('the refused commands', [
    {
      commandId: 'tournament:9c1d…:RT1',
      consumer: 'rapid.tournament-sessions',
      eventId: '9c1d…',
      eventType: 'TournamentSessionStarted',
      streamId: 'rapid-table-RT1',
      commandType: 'reaction',
      code: 'TABLE_NOT_DESIGNATED',
      clause: 'Rapid 12.3.1',
      message: 'Rapid table RT1 is not designated for tournament spring-cup: the Tournament Director designates it first (Rapid 12.3.1).',
      command: {},
      occurredAt: '2026-05-01T10:00:00.000Z',
      refusedAt: '2026-05-01T10:00:00.120Z',
    },
  ])
  @ApiErrorResponses()
  list(@Query() q: RefusedCommandsQuery) {
    return listRefusedCommands(this.pool, q.consumer, 500);
  }
}
