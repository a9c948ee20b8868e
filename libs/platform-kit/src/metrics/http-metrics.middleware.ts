import { HttpRequest, HttpResponse, NextFunction, routeLabelOf } from '../context/http-types';
import { httpRequestDuration } from './metrics-registry';

/** Times every request, refused ones included, labelled by route template (not raw path) to bound cardinality. */
export const httpMetricsMiddleware = (req: HttpRequest, res: HttpResponse, next: NextFunction): void => {
  const stop = httpRequestDuration.startTimer();
  res.once('finish', () => {
    stop({ method: req.method ?? 'UNKNOWN', route: routeLabelOf(req), status: String(res.statusCode) });
  });
  next();
};
