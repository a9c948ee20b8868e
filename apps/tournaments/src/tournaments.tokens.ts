/** Injection tokens of the tournaments service. */
export const TOURNAMENTS_STORE = Symbol('TOURNAMENTS_STORE');
export const TOURNAMENT_COMMANDS = Symbol('TOURNAMENT_COMMANDS');
export const RAPID_TABLES = Symbol('RAPID_TABLES');
