import { Controller, Get, HttpCode, Inject, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../authorization/authorize.decorator';
import { HealthRegistry, ReadinessReport } from './health-registry';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(@Inject(HealthRegistry) private readonly registry: HealthRegistry) {}

  /** Liveness: the process answers. Deliberately checks nothing else, so a database outage does not restart us. */
  @Public()
  @Get('live')
  @ApiOkResponse({ description: 'The process is up.' })
  live(): { status: 'up' } {
    return { status: 'up' };
  }

  @Public()
  @Get('ready')
  @HttpCode(200)
  @ApiOkResponse({ description: 'Every indicator is up or degraded.' })
  @ApiServiceUnavailableResponse({ description: 'At least one indicator is down.' })
  async ready(): Promise<ReadinessReport> {
    const report = await this.registry.readiness();
    if (report.status === 'down') {
      const down = Object.entries(report.checks).filter(([, r]) => r.status === 'down').map(([name]) => name);
      throw new ServiceUnavailableException({
        statusCode: 503,
        error: 'Service Unavailable',
        code: 'NOT_READY',
        message: `Not ready: ${down.join(', ')} down.`,
        ...report,
      });
    }
    return report;
  }
}
