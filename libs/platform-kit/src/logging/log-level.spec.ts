import { parseLogLevel } from './log-level';

describe('LOG_LEVEL', () => {
  it('refuses an unknown LOG_LEVEL rather than hiding logs', () => {
    expect(() => parseLogLevel('loud')).toThrow(/LOG_LEVEL "loud" is unknown; use one of fatal, error/);
  });

  it("accepts Nest's `log` and the common `trace` as spellings of info and verbose, and defaults to info", () => {
    expect(parseLogLevel('log')).toBe('info');
    expect(parseLogLevel('trace')).toBe('verbose');
    expect(parseLogLevel(undefined)).toBe('info');
  });
});
