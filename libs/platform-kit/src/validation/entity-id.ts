/**
 * The shape of every identifier a console names in a body or query (tables, coups, jackpots, tournaments,
 * promotions, ATS): short, printable, safe in a URL, a log line and a CSV cell.
 */
export const ENTITY_ID = /^[A-Za-z0-9._:-]{1,64}$/;
