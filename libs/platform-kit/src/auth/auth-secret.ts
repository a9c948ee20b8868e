/** Signs tokens on developer machines and in tests only; a production process refuses to use it. */
export const INSECURE_DEVELOPMENT_AUTH_SECRET = 'insecure-development-secret-do-not-use-in-production';

/**
 * The HS256 secret from AUTH_SECRET. Outside production a missing secret falls back to the development
 * default so `npm start` and tests work out of the box; in production it is an error, so a deployment
 * cannot silently accept tokens anyone could mint.
 */
export const resolveAuthSecret = (env: NodeJS.ProcessEnv = process.env): string => {
  const secret = env.AUTH_SECRET?.trim();
  if (secret) return secret;
  if (env.NODE_ENV === 'production') {
    throw new Error('AUTH_SECRET is not set. Set AUTH_SECRET to a long random string (e.g. `openssl rand -hex 32`) before starting in production.');
  }
  return INSECURE_DEVELOPMENT_AUTH_SECRET;
};
