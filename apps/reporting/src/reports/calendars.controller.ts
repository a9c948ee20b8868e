import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@app/platform-kit';
import { REPORT_SERVICE } from '../reporting.tokens';
import type { ReportService } from './report.service';

/**
 * Each jurisdiction's gaming calendar, as configured (ReportingModuleOptions.calendars): the time zone, when the
 * gaming day starts and the shifts. Every report files events by their own time under these, so a report's
 * period (its `covers`) is read against them. Public: it is how the casino keeps its day, nothing more.
 */
@ApiTags('reports')
@Controller('reporting/calendars')
export class CalendarsController {
  constructor(@Inject(REPORT_SERVICE) private readonly reports: ReportService) {}

  @Get()
  @Public()
  @ApiOperation({ summary: "Each jurisdiction's gaming day: time zone, local start time and shifts (what report periods cover)" })
  @ApiOkResponse({
    description: 'Per jurisdiction: `timeZone` (IANA), `gamingDayStart` (local HH:MM: a coup at 02:00 belongs to the previous gaming day when it is 06:00) and `shifts` by local start',
    schema: { type: 'object', example: { VIC: { timeZone: 'Australia/Melbourne', gamingDayStart: '06:00', shifts: [{ name: 'day', start: '06:00' }, { name: 'afternoon', start: '14:00' }, { name: 'night', start: '22:00' }] } } },
  })
  calendars() {
    return this.reports.calendars;
  }
}
