import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '@app/platform-kit';
import { DASHBOARD_HTML } from './dashboard.page';

/** The manager dashboard page. The page is static; its data comes from GET /reporting/dashboard with the manager's token. */
@ApiExcludeController()
@Controller('dashboard')
export class DashboardController {
  @Get()
  @Public()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  page(): string {
    return DASHBOARD_HTML;
  }
}
