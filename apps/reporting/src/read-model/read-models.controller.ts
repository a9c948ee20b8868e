import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { ApiErrorResponses, ApiJson, ApiJsonOrCsv, Authorize, CasinoRows, IsCalendarDate, type KeepMine, StaffCasinos } from '@app/platform-kit';
import { ReadModelQuery } from '../reporting.use-cases';
import { renderCsv } from '../reports/render-csv';
import type { Cell } from '../reports/report.types';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Page } from './keyset-page';

/** A gaming-day range (both days included) and the answer's format. */
class DaysQuery {
  @ApiPropertyOptional({ example: '2025-03-01', description: 'First gaming day included (YYYY-MM-DD).' }) @IsOptional() @IsCalendarDate() from?: string;
  @ApiPropertyOptional({ example: '2025-03-31', description: 'Last gaming day included (YYYY-MM-DD).' }) @IsOptional() @IsCalendarDate() to?: string;
  @ApiPropertyOptional({ enum: ['json', 'csv'], description: 'csv: the same rows as text/csv (header row, one line a row).' }) @IsOptional() @IsIn(['json', 'csv']) format?: 'json' | 'csv';
}

/** Cursor paging: the response's `X-Next-Cursor` header (and `Link: rel="next"`) is the `after` of the next page; absent on the last. */
class PagedDaysQuery extends DaysQuery {
  @ApiPropertyOptional({ description: 'The X-Next-Cursor of the previous page.' }) @IsOptional() @Matches(/^[A-Za-z0-9_-]{1,4000}$/) after?: string;
  @ApiPropertyOptional({ example: 1000, description: `Rows per page (default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}).` })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value))
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  limit?: number;
}

interface HttpResponse {
  setHeader(name: string, value: string): void;
}

class StatisticsQuery extends DaysQuery {
  @ApiPropertyOptional({ example: 'NSW' }) @IsOptional() @IsIn(['NSW', 'VIC']) jurisdiction?: string;
  @ApiPropertyOptional({ example: '2025-03-03' }) @IsOptional() @IsCalendarDate() gamingDay?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) tableId?: string;
  @ApiPropertyOptional({ example: 'night' }) @IsOptional() @IsString() @MaxLength(50) shift?: string;
}

class RegisterQuery extends PagedDaysQuery {
  @ApiPropertyOptional({ example: 'NSW' }) @IsOptional() @IsIn(['NSW', 'VIC', 'UNKNOWN']) jurisdiction?: string;
  @ApiPropertyOptional({ example: '2025-03-03' }) @IsOptional() @IsCalendarDate() gamingDay?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) tableId?: string;
  @ApiPropertyOptional({ example: 'shoe-void' }) @IsOptional() @IsString() @MaxLength(50) category?: string;
}

class LedgerQuery extends PagedDaysQuery {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) tableId?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) shoeId?: string;
  @ApiPropertyOptional({ description: 'Only rows with commission still outstanding.' })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  outstandingOnly?: boolean;
}

class ExceptionsQuery extends DaysQuery {
  @ApiPropertyOptional({ example: 'VIC' }) @IsOptional() @IsIn(['NSW', 'VIC']) jurisdiction?: string;
  @ApiPropertyOptional() @IsOptional() @IsCalendarDate() gamingDay?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) tableId?: string;
}

class RoadQuery {
  @ApiPropertyOptional({ description: 'Default: the table\'s current shoe.' }) @IsOptional() @IsString() @MaxLength(100) shoeId?: string;
}

/** CSV of read-model rows, one section per block, through the reports' one CSV writer. */
const csv = (res: HttpResponse, name: string, sections: { id: string; rows: readonly Record<string, unknown>[] }[]): string => {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${name}.csv"`);
  return renderCsv({
    sections: sections.map(({ id, rows }) => ({
      id,
      title: id,
      clause: '',
      columns: [...new Set(rows.flatMap((r) => Object.keys(r)))],
      rows: rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null || typeof v !== 'object' ? (v as Cell) : JSON.stringify(v)]))),
    })),
  });
};

/** A page as the body (JSON rows, or CSV) with the next page's cursor in headers, so the body's shape is the unpaged one. */
const paged = async (res: HttpResponse, q: PagedDaysQuery, name: string, page: Page<Record<string, unknown>>, keep: KeepMine) => {
  if (page.nextCursor) {
    res.setHeader('X-Next-Cursor', page.nextCursor);
    res.setHeader('Link', `<?after=${page.nextCursor}${q.limit ? `&limit=${q.limit}` : ''}>; rel="next"`);
  }
  // Staff read only their casinos' rows: JSON is filtered on its way out, a CSV here (the scope's own filter).
  return q.format === 'csv' ? csv(res, name, [{ id: name, rows: await keep(page.items) }]) : page.items;
};

/** Managers' query API over the read models (area-manager and above; regulators see reports only). */
@ApiTags('reporting read models')
@ApiErrorResponses()
@Controller('reporting')
@Authorize('area-manager')
export class ReadModelsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('tables')
  @ApiOperation({ summary: 'Every table: jurisdiction, rulebook, status, current shoe, commission outstanding.' })
  @ApiJson('Each table with its jurisdiction, rulebook, status, current shoe and commission outstanding (cents)', [{ tableId: 'MB-101', jurisdiction: 'VIC', rulebookId: 'crown-melbourne-v29', status: 'open', shoeId: 'MB-101-shoe-3', commissionOutstandingCents: 1250 }])
  tables() {
    return this.queryBus.execute(new ReadModelQuery('tables'));
  }

  @Get('tables/:tableId/road')
  @ApiOperation({ summary: 'Results road (Player/Banker/Tie history) of a shoe.' })
  @ApiJson('The coups of the shoe in order: result (player, banker, tie), totals, pairs, natural, and `dummy` / `voided` (a voided coup stays on the road, marked)', [{ coupId: 'MB-101-shoe-3-c1', result: 'banker', playerTotal: 5, bankerTotal: 7, playerPair: false, bankerPair: false, natural: false, dummy: false, voided: false }])
  road(@Param('tableId') tableId: string, @Query() q: RoadQuery) {
    return this.queryBus.execute(new ReadModelQuery('road', tableId, q.shoeId));
  }

  @Get('statistics')
  @ApiOperation({ summary: 'Table statistics per table, gaming day and shift, with turnover and win/loss by bet type.' })
  @ApiJsonOrCsv('`tables` and `bets`: per table, gaming day and shift: coups, results, turnover, paid, lost, commission and house win in cents', { tables: [{ tableId: 'MB-101', gamingDay: '2026-03-01', shift: 'night', coups: 64, turnoverCents: 877585, houseWinCents: 41200 }], bets: [{ tableId: 'MB-101', gamingDay: '2026-03-01', shift: 'night', bet: 'banker', turnoverCents: 500000, paidCents: 230000, lostCents: 250000 }] })
  async statistics(@Query() q: StatisticsQuery, @Res({ passthrough: true }) res: HttpResponse, @CasinoRows() keep: KeepMine) {
    const stats = await this.queryBus.execute(new ReadModelQuery('statistics', q));
    return q.format === 'csv' ? csv(res, 'statistics', [{ id: 'tables', rows: await keep(stats.tables) }, { id: 'bets', rows: await keep(stats.bets) }]) : stats;
  }

  @Get('commission-ledger')
  @ApiOperation({ summary: 'Deferred commission per table, shoe, box and patron (Crown Melbourne 9.3.1).' })
  @ApiJsonOrCsv('Per table, shoe, box and patron: commission deferred, collected, waived and outstanding (cents)', [{ tableId: 'MB-101', shoeId: 'MB-101-shoe-3', box: 4, patronId: 'P-1001', deferredCents: 2500, collectedCents: 1250, waivedCents: 0, outstandingCents: 1250 }])
  async ledger(@Query() q: LedgerQuery, @Res({ passthrough: true }) res: HttpResponse, @CasinoRows() keep: KeepMine, @StaffCasinos() casinos?: readonly string[]) {
    return paged(res, q, 'commission-ledger', await this.queryBus.execute(new ReadModelQuery('ledger', { ...q, casinos })), keep);
  }

  @Get('commission-ledger/movements')
  @ApiOperation({ summary: 'Each deferral, collection and waiver, with who and when.' })
  @ApiJsonOrCsv('Each movement of deferred commission with actor, role, time and amount', [{ tableId: 'MB-101', box: 4, kind: 'collected', amountCents: 1250, actorId: 'd-1', actorRole: 'dealer', at: '2026-03-01T21:14:03.000Z' }])
  async movements(@Query() q: LedgerQuery, @Res({ passthrough: true }) res: HttpResponse, @CasinoRows() keep: KeepMine, @StaffCasinos() casinos?: readonly string[]) {
    return paged(res, q, 'commission-movements', await this.queryBus.execute(new ReadModelQuery('movements', { ...q, casinos })), keep);
  }

  @Get('commission-ledger/exceptions')
  @ApiOperation({ summary: 'Shoes started with commission outstanding (Crown Melbourne 9.3.1(a)).' })
  @ApiJson('Each shoe started with commission outstanding, who approved and why', [{ tableId: 'MB-101', shoeId: 'MB-101-shoe-4', outstandingCents: 1250, approvedBy: 'am-1', reason: 'Patron to settle at the cage' }])
  exceptions(@Query() q: ExceptionsQuery) {
    return this.queryBus.execute(new ReadModelQuery('exceptions', q));
  }

  @Get('compliance-register')
  @ApiOperation({ summary: 'Irregularities, voids, dummy coups, limit changes, closures, overrides, corrections and adjustments.' })
  @ApiJsonOrCsv('Register rows: time, gaming day, table, category, kind, clause, reason, amount, actor and role (jackpot attention flags included)', [{ at: '2026-03-01T21:14:03.000Z', gamingDay: '2026-03-01', tableId: 'MB-101', category: 'void', kind: 'CoupVoided', clause: 'Crown Melbourne 15.3', reason: 'Card exposed', amountCents: null, actorId: 'gs-1', actorRole: 'gaming-supervisor' }])
  async register(@Query() q: RegisterQuery, @Res({ passthrough: true }) res: HttpResponse, @CasinoRows() keep: KeepMine, @StaffCasinos() casinos?: readonly string[]) {
    return paged(res, q, 'compliance-register', await this.queryBus.execute(new ReadModelQuery('register', { ...q, casinos })), keep);
  }

  @Get('dashboard')
  @ApiOperation({ summary: 'Data of the manager dashboard page.' })
  @ApiJson('Tables with their roads (voided coups marked), commission outstanding, exceptions and jackpot meters', { tables: [{ tableId: 'MB-101', road: [], commissionOutstandingCents: 1250 }], exceptions: [], jackpots: [{ jackpotId: 'lucky-tie-main', meterCents: 1234500 }] })
  dashboard() {
    return this.queryBus.execute(new ReadModelQuery('dashboard'));
  }
}
