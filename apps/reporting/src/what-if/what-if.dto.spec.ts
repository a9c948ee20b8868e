import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { WhatIfDto } from './what-if.dto';

const messagesOf = (body: Record<string, unknown>) =>
  Object.fromEntries(validateSync(plainToInstance(WhatIfDto, body)).map((e) => [e.property, Object.values(e.constraints ?? {})]));
const valid = { tableIds: ['VIC-1'], from: '2026-10-01T06:00:00+10:00', to: '2026-10-02T06:00:00+10:00', changes: [] };

describe('what-if request: a refused period or a missing changes list says which field and what to send', () => {
  it('takes an empty changes list: the play as recorded', () => {
    expect(messagesOf(valid)).toEqual({});
  });

  it.each([
    ['2026-10-01T06:60:00+10:00', 'minute 60: minutes run 00-59'],
    ['2026-10-01T06:00:00+25:00', 'offset +25:00'],
    ['2026-10-01T24:00:00+10:00', 'hour 24: hours run 00-23'],
    ['2026-10-01T06:00:60+10:00', 'second 60: seconds run 00-59'],
  ])('"%s" is refused naming the field, the fault (%s) and what a valid instant looks like', (from, fault) => {
    const [message] = messagesOf({ ...valid, from }).from;
    expect(message).toContain('from must be an ISO 8601 date-time with its offset from UTC (e.g. 2026-03-01T09:00:00+11:00, or Z)');
    expect(message).toContain(`"${from}" has ${fault}`);
  });

  it('a request without changes is told changes is required, and that [] replays the play as recorded, as the API document says', () => {
    const { changes, ...body } = valid;
    expect(changes).toEqual([]);
    expect(messagesOf(body).changes).toEqual(['changes is required: list the changes to each table\'s configuration, or send [] to replay the play as recorded (the what-if then equals the actual to the cent)']);
  });
});
