/**
 * `npm run asyncapi -- <service>`: prints the asyncapi.yaml entries of a service's integration events, from
 * libs/contracts/src/<service>.events.ts: the channel's `messages`, and the `components.messages` and
 * `components.schemas` they refer to. With `--write` it puts them into libs/contracts/asyncapi.yaml in place;
 * tools/asyncapi/asyncapi.spec.ts checks the result.
 */
import { dump } from 'js-yaml';
import { join } from 'node:path';
import { asyncApiEntries, contractFiles, serviceContract } from './contract-schemas';
import { writeEntries } from './write-entries';

const [service, flag] = process.argv.slice(2);
const found = contractFiles().find((c) => c.service === service);
if (!found) {
  console.error(`Usage: npm run asyncapi -- <service>, one of: ${contractFiles().map((c) => c.service).join(', ')}`);
  process.exit(2);
}
const entries = asyncApiEntries(serviceContract(found.service, found.file));
if (flag === '--write') {
  writeEntries(join(__dirname, '..', '..', 'libs', 'contracts', 'asyncapi.yaml'), found.service, entries);
  console.log(`libs/contracts/asyncapi.yaml: the ${found.service} entries written.`);
  process.exit(0);
}
const yaml = (value: unknown, indent: number) =>
  dump(value, { lineWidth: 160, noRefs: true, flowLevel: 3 })
    .trimEnd()
    .split('\n')
    .map((l) => ' '.repeat(indent) + l)
    .join('\n');
console.log(`# channels.<${service}Events>.messages\n${yaml(entries.channelMessages, 6)}\n`);
console.log(`# components.messages\n${yaml(entries.messages, 4)}\n`);
console.log(`# components.schemas\n${yaml(entries.schemas, 4)}`);
