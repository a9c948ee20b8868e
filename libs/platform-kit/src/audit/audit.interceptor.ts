import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import { from, Observable, switchMap } from 'rxjs';
import { HttpRequest, HttpResponse } from '../context/http-types';
import { AuditTrail } from './audit-trail';

/**
 * Audits commands that the handler completed. Failures (including guard refusals, which never reach an
 * interceptor) are audited by the error filter instead.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  constructor(@Inject(AuditTrail) private readonly trail: AuditTrail) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const http = context.switchToHttp();
    const req = http.getRequest<HttpRequest>();
    const res = http.getResponse<HttpResponse>();
    return next.handle().pipe(switchMap((value: unknown) => from(this.trail.recordAcknowledged(req, res.statusCode).then(() => value))));
  }
}
