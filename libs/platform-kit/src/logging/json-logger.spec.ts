import { JsonLogger } from './json-logger';
import { parseLogLevel } from './log-level';

const collect = (level: Parameters<typeof parseLogLevel>[0] = 'info') => {
  const lines: Record<string, unknown>[] = [];
  const logger = new JsonLogger({ level: parseLogLevel(level), service: 'tables', write: (l) => lines.push(JSON.parse(l)) });
  return { logger, lines };
};

describe('JSON logger', () => {
  it('writes one JSON object per line with level, time, service, context and fields', () => {
    const { logger, lines } = collect();
    logger.log({ message: 'coup settled', tableId: 'T7' }, 'Tables');
    expect(lines).toEqual([{ level: 'info', time: expect.stringMatching(/^\d{4}-/), service: 'tables', context: 'Tables', message: 'coup settled', tableId: 'T7' }]);
  });

  it("understands Nest's error(message, stack, context) convention", () => {
    const { logger, lines } = collect();
    logger.error('boom', 'Error: boom\n    at x', 'ExceptionsHandler');
    expect(lines[0]).toMatchObject({ level: 'error', context: 'ExceptionsHandler', message: 'boom', stack: 'Error: boom\n    at x' });
  });

  it('drops lines below LOG_LEVEL', () => {
    const { logger, lines } = collect('warn');
    logger.log('routine');
    logger.debug('detail');
    logger.warn('odd');
    expect(lines.map((l) => l.message)).toEqual(['odd']);
  });

  it('refuses an unknown LOG_LEVEL rather than hiding logs', () => {
    expect(() => parseLogLevel('loud')).toThrow(/LOG_LEVEL "loud" is unknown; use one of fatal, error/);
    expect(parseLogLevel('log')).toBe('info');
  });
});
