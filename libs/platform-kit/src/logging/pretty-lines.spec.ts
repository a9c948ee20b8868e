import { logFormat, prettyLine } from './pretty-lines';

describe('human-readable logs on a terminal, JSON lines otherwise', () => {
  it('JSON unless stdout is a terminal; LOG_FORMAT decides when set, and a typo is an error', () => {
    expect(logFormat({}, false)).toBe('json');
    expect(logFormat({}, true)).toBe('pretty');
    expect(logFormat({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
    expect(() => logFormat({ LOG_FORMAT: 'yaml' }, true)).toThrow(/LOG_FORMAT "yaml" is unknown; use json or pretty/);
  });

  it('a line reads as time, level, service, context, message and the other fields', () => {
    const line = JSON.stringify({ level: 'info', time: '2026-11-27T10:15:02.123Z', service: 'tables', context: 'Shutdown', message: 'Stopping on SIGTERM', tableId: 'MB-101', correlationId: 'c-1' });
    expect(prettyLine(line)).toMatch(/^\d\d:\d\d:\d\d\.123 INFO {2}tables \[Shutdown\] Stopping on SIGTERM tableId=MB-101 correlationId=c-1\n$/);
  });

  it('a request line shows its duration, not its request and response objects again', () => {
    const line = JSON.stringify({ level: 'info', time: 1, service: 'platform', message: 'POST /tables 201', req: { method: 'POST', path: '/tables' }, res: { statusCode: 201 }, durationMs: 12 });
    expect(prettyLine(line)).toMatch(/ INFO {2}platform POST \/tables 201 \(12 ms\)\n$/);
  });

  it('an error shows its stack, indented', () => {
    const line = JSON.stringify({ level: 'error', time: 1, service: 'rapid', message: 'relay failed', err: { message: 'boom', stack: 'Error: boom\n    at relay' } });
    expect(prettyLine(line)).toMatch(/ERROR rapid relay failed\n {4}Error: boom\n {8}at relay\n$/);
  });

  it("Nest's wiring lines (a line per route) only when asked for; its warnings always", () => {
    const mapped = JSON.stringify({ level: 'info', time: 1, context: 'RouterExplorer', message: 'Mapped {/tables, POST} route' });
    expect(prettyLine(mapped)).toBeNull();
    expect(prettyLine(mapped, { showWiring: true })).toMatch(/Mapped/);
    expect(prettyLine(JSON.stringify({ level: 'warn', time: 1, context: 'NestApplication', message: 'odd' }))).toMatch(/WARN/);
  });

  it('colour only on a terminal; a line that is not JSON passes as it is', () => {
    expect(prettyLine(JSON.stringify({ level: 'warn', time: 1, message: 'x' }), { colour: true })).toContain('\u001b[33mWARN \u001b[0m');
    expect(prettyLine('Baccarat back office is up')).toBe('Baccarat back office is up\n');
  });
});
