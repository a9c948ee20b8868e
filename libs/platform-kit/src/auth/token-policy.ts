/**
 * Whose tokens the back office accepts and for how long: a token must name this
 * back office as its audience and the configured issuer, and may live at most one long shift. A token minted
 * for another system, or a ten-year token, is refused.
 */
export const TOKEN_AUDIENCE = process.env.AUTH_AUDIENCE?.trim() || 'baccarat-back-office';
export const TOKEN_ISSUER = process.env.AUTH_ISSUER?.trim() || 'baccarat-back-office';
/** 12 hours: a shift and its handover. */
export const MAX_TOKEN_LIFETIME_SECONDS = 12 * 3600;
