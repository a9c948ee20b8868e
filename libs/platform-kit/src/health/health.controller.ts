import { Controller, Get, HttpCode, Inject, ServiceUnavailableException } from '@nestjs/common';
import { ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { ApiJson } from '../openapi/api-success-responses';
import { Public } from '../authorization/authorize.decorator';
import { PlatformKitOptions } from '../bootstrap/platform-kit-options';
import { PLATFORM_OPTIONS } from '../bootstrap/platform-tokens';
import { HealthRegistry, ReadinessReport } from './health-registry';

/**
 * Liveness and readiness. Both name the service that answered (`service`), so an operator or a load balancer
 * behind a port mix-up learns which process it reached instead of trusting a 200 from the wrong one.
 */
@ApiTags('health')
@Controller('health')
export class HealthController {
  private readonly service: string;

  constructor(
    @Inject(HealthRegistry) private readonly registry: HealthRegistry,
    @Inject(PLATFORM_OPTIONS) options: PlatformKitOptions,
  ) {
    this.service = options.serviceName;
  }

  /** Liveness: the process answers. Deliberately checks nothing else, so a database outage does not restart us. */
  @Public()
  @Get('live')
  @ApiJson('The process is up; `service` names it.', { status: 'up', service: 'platform' })
  live(): { status: 'up'; service: string } {
    return { status: 'up', service: this.service };
  }

  @Public()
  @Get('ready')
  @HttpCode(200)
  @ApiJson('Every indicator is up or degraded: `status` (up or degraded) and each check by name', { service: 'platform', status: 'up', checks: { database: { status: 'up' }, 'tables-messaging': { status: 'up' } } })
  @ApiServiceUnavailableResponse({ description: 'At least one indicator is down.' })
  async ready(): Promise<ReadinessReport & { service: string }> {
    const report = { service: this.service, ...(await this.registry.readiness()) };
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
