export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'verbose'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

// Nest calls the informational level `log`; operators expect `info`. `trace` is a common spelling of verbose.
const ALIASES: Readonly<Record<string, LogLevel>> = { log: 'info', trace: 'verbose' };

/** LOG_LEVEL (default `info`). An unknown value is an error so a typo does not silently hide logs. */
export const parseLogLevel = (value: string | undefined): LogLevel => {
  const wanted = (value ?? '').trim().toLowerCase();
  if (wanted === '') return 'info';
  const level = ALIASES[wanted] ?? (LOG_LEVELS as readonly string[]).find((l) => l === wanted);
  if (!level) throw new Error(`LOG_LEVEL "${value}" is unknown; use one of ${LOG_LEVELS.join(', ')}.`);
  return level as LogLevel;
};

export const isEnabled = (threshold: LogLevel, level: LogLevel): boolean => LOG_LEVELS.indexOf(level) <= LOG_LEVELS.indexOf(threshold);
