import { IncomingMessage, ServerResponse } from 'node:http';

// The repository has no @types/express; these are the few Express request fields the platform reads.
export type HttpRequest = IncomingMessage & {
  readonly originalUrl?: string;
  /** Set by the router once a route matched; `path` is the template, e.g. `/tables/:tableId/close`. */
  readonly route?: { readonly path?: unknown };
  readonly params?: Record<string, string>;
};
export type HttpResponse = ServerResponse;
export type NextFunction = (error?: unknown) => void;

/**
 * The Node request under either HTTP adapter: Express hands handlers the Node request itself, Fastify a wrapper
 * holding it as `raw`. Middleware (the correlation id, the rate limiter) only ever sees the Node request, so
 * what they note for the rest of the chain is kept there.
 */
export const rawRequestOf = (req: object): object => (req as { raw?: object }).raw ?? req;

const ROUTE_TEMPLATE = Symbol.for('platform-kit.route-template');
type WithRouteTemplate = { [ROUTE_TEMPLATE]?: string };

/** Under Fastify, its router's template for the request, noted on the Node request (Express's router sets req.route). */
export const noteRouteTemplate = (req: object, template: string | undefined): void => {
  if (template !== undefined) (rawRequestOf(req) as WithRouteTemplate)[ROUTE_TEMPLATE] = template;
};

export const headerOf = (req: HttpRequest, name: string): string | undefined => {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

/** The catch-all pattern the platform middleware is mounted on (the router records it as the route when nothing else matched). */
export const ALL_ROUTES = '{*path}';

// Middleware mounted on a wildcard (`{*path}`, the request logger's `{/*splat}`) also sets req.route; no
// controller route is a wildcard, so a wildcard route means nothing matched.
const WILDCARD = /\{\/?\*/;

const matchedRoute = (req: HttpRequest): string | undefined => {
  const path = req.route?.path ?? (rawRequestOf(req) as WithRouteTemplate)[ROUTE_TEMPLATE];
  return typeof path === 'string' && !WILDCARD.test(path) ? path : undefined;
};

/** The matched route template, or the path without query string when no route matched. */
export const routeOf = (req: HttpRequest): string => matchedRoute(req) ?? (req.originalUrl ?? req.url ?? '').split('?')[0];

/** Route template for metric labels: unmatched paths collapse into one label to bound cardinality. */
export const routeLabelOf = (req: HttpRequest): string => matchedRoute(req) ?? 'unmatched';
