/** Injection tokens of the tables service (explicit symbols, so tsx-run tools and Nest agree). */
export const TABLES_STORE = Symbol('TABLES_STORE');
export const TABLE_COMMANDS = Symbol('TABLE_COMMANDS');
export const TABLES_OPTIONS = Symbol('TABLES_OPTIONS');
