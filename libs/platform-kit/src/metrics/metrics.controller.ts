import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { register as defaultRegistry } from 'prom-client';
import { Public } from '../authorization/authorize.decorator';
import { metricsRegistry } from './metrics-registry';

@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  @Public()
  @Get()
  @Header('Content-Type', metricsRegistry.contentType)
  async scrape(): Promise<string> {
    // Libraries that know nothing of the platform (messaging) count into prom-client's default registry;
    // one scrape shows both.
    const [platform, libraries] = await Promise.all([metricsRegistry.metrics(), defaultRegistry.metrics()]);
    return libraries.trim() ? `${platform}\n${libraries}` : platform;
  }
}
