import { isDeepStrictEqual } from 'node:util';
import { asyncApiEntries, type JsonSchema, type ServiceContract } from './contract-schemas';

interface AsyncApiDoc {
  channels?: Record<string, { address?: string; messages?: JsonSchema }>;
  operations?: Record<string, { action?: string; channel?: { $ref?: string } }>;
  components?: { messages?: JsonSchema; schemas?: JsonSchema };
}

/**
 * Where asyncapi.yaml and the TypeScript contracts disagree, one line each (empty when they agree): every
 * service with a contract file has a channel whose messages are exactly its events, each with the payload
 * schema derived from its type; every channel that is published on belongs to such a service.
 */
export function asyncApiProblems(doc: AsyncApiDoc, contracts: readonly ServiceContract[]): string[] {
  const problems: string[] = [];
  const channels = Object.entries(doc.channels ?? {});
  const fix = (service: string) => `(npm run asyncapi -- ${service} prints the entries)`;
  for (const contract of contracts) {
    const found = channels.find(([, c]) => c.address === contract.address);
    if (!found) {
      problems.push(`${contract.service} publishes on ${contract.address} (libs/contracts/src/${contract.service}.events.ts) but asyncapi.yaml has no channel with that address ${fix(contract.service)}.`);
      continue;
    }
    const [channelName, channel] = found;
    const expected = asyncApiEntries(contract);
    const listed = Object.keys(channel.messages ?? {});
    for (const type of Object.keys(expected.channelMessages)) {
      if (!listed.includes(type)) problems.push(`${type} is published on ${contract.address} but channel ${channelName} does not list it ${fix(contract.service)}.`);
      else if (!isDeepStrictEqual(channel.messages?.[type], expected.channelMessages[type])) problems.push(`Channel ${channelName} message ${type} must be ${JSON.stringify(expected.channelMessages[type])}.`);
    }
    for (const type of listed) if (!(type in expected.channelMessages)) problems.push(`Channel ${channelName} lists ${type}, which ${contract.service} does not publish (not in its IntegrationEvent union).`);
    for (const [name, message] of Object.entries(expected.messages)) {
      if (!isDeepStrictEqual(doc.components?.messages?.[name], message)) problems.push(`components.messages.${name} differs from the ${contract.service} contract ${fix(contract.service)}.`);
    }
    for (const [name, schema] of Object.entries(expected.schemas)) {
      const actual = doc.components?.schemas?.[name];
      if (actual === undefined) problems.push(`components.schemas.${name} is missing: the payload schema of the ${contract.service} contract ${fix(contract.service)}.`);
      else if (!isDeepStrictEqual(actual, schema)) problems.push(`components.schemas.${name} differs from the TypeScript type ${name} in libs/contracts/src/${contract.service}.events.ts: expected ${JSON.stringify(schema)}, found ${JSON.stringify(actual)}.`);
    }
  }
  const addresses = new Set(contracts.map((c) => c.address));
  for (const [name, channel] of channels) {
    if (!addresses.has(channel.address ?? '')) problems.push(`Channel ${name} (${channel.address}) has no publisher: no libs/contracts/src/<service>.events.ts publishes on it.`);
  }
  for (const [name, op] of Object.entries(doc.operations ?? {})) {
    const channel = doc.channels?.[(op.channel?.$ref ?? '').replace('#/channels/', '')];
    if (!channel) problems.push(`Operation ${name} refers to a channel asyncapi.yaml does not have (${op.channel?.$ref}).`);
  }
  return problems;
}
