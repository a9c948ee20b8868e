import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { asyncApiProblems } from './asyncapi-problems';
import { contractFiles, serviceContract, type ServiceContract } from './contract-schemas';

type Doc = Parameters<typeof asyncApiProblems>[0] & { channels: Record<string, { address: string; messages: Record<string, unknown> }>; components: { messages: Record<string, unknown>; schemas: Record<string, Record<string, unknown>> } };

const readDoc = (): Doc => load(readFileSync(join(__dirname, '../../libs/contracts/asyncapi.yaml'), 'utf8')) as Doc;

describe('asyncapi.yaml against the TypeScript contracts (libs/contracts/src/<service>.events.ts)', () => {
  let contracts: ServiceContract[];
  beforeAll(() => {
    contracts = contractFiles().map(({ service, file }) => serviceContract(service, file));
  });

  it('every publishing service has a channel listing exactly its events, each with the payload schema of its type, and no channel lacks a publisher', () => {
    expect(asyncApiProblems(readDoc(), contracts)).toEqual([]);
  });

  it('an event published but missing from the channel fails (JackpotAttentionFlagged)', () => {
    const doc = readDoc();
    delete doc.channels.jackpotsEvents.messages.JackpotAttentionFlagged;
    expect(asyncApiProblems(doc, contracts)).toEqual([
      'JackpotAttentionFlagged is published on baccarat.jackpots.events but channel jackpotsEvents does not list it (npm run asyncapi -- jackpots prints the entries).',
    ]);
  });

  it('a payload schema that disagrees with the TypeScript type fails, naming the type', () => {
    const doc = readDoc();
    const properties = doc.components.schemas.CoupCompleted.properties as Record<string, unknown>;
    properties.coupNumber = { type: 'string' };
    const problems = asyncApiProblems(doc, contracts);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^components\.schemas\.CoupCompleted differs from the TypeScript type CoupCompleted in libs\/contracts\/src\/tables\.events\.ts/);
  });

  it('a channel no service publishes on fails (reporting publishes nothing)', () => {
    const doc = readDoc();
    doc.channels.reportingEvents = { address: 'baccarat.reporting.events', messages: {} };
    expect(asyncApiProblems(doc, contracts)).toEqual(['Channel reportingEvents (baccarat.reporting.events) has no publisher: no libs/contracts/src/<service>.events.ts publishes on it.']);
  });

  it('derives schemas from the types: optional and nullable fields, literal unions, records and named types', () => {
    const tables = contracts.find((c) => c.service === 'tables')!;
    const closed = tables.events.get('TableClosed')!;
    expect(closed.properties).toMatchObject({ noticeGivenAt: { type: ['string', 'null'] }, closedAt: { type: 'string' } });
    expect(closed.required).toContain('noticeGivenAt');
    expect(tables.events.get('TableOpened')!.properties).toMatchObject({ jurisdiction: { type: 'string', enum: ['VIC', 'NSW'] }, limits: { $ref: '#/components/schemas/TableLimits' } });
    expect(tables.shared.get('TableLimits')).toMatchObject({ required: ['perBet'], properties: { perBet: { type: 'object', additionalProperties: { type: 'object', required: ['minimumCents', 'maximumCents'] } } } });
  });
});
