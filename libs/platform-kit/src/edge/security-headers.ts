import { HttpRequest, HttpResponse, NextFunction } from '../context/http-types';

/**
 * Headers every answer carries: no MIME sniffing, no framing (clickjacking a
 * console or the jackpot display), no referrer leaking table or patron ids in URLs, no server banner. The
 * policy leaves scripts alone: the dashboard and display pages are served by the services themselves.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "frame-ancestors 'none'; base-uri 'none'; object-src 'none'; form-action 'self'",
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export function securityHeaders(_req: HttpRequest, res: HttpResponse, next: NextFunction): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  res.removeHeader('X-Powered-By');
  next();
}
