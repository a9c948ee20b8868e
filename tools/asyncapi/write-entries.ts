/**
 * `npm run asyncapi -- <service> --write`: puts a service's entries (its channel's `messages`, and the
 * `components.messages` and `components.schemas` they refer to) into libs/contracts/asyncapi.yaml in place: an entry
 * of the same name is replaced, a new one added at the end of its section, the rest of the file left as written.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dump } from 'js-yaml';

type Entries = Record<string, unknown>;

const block = (name: string, value: unknown, indent: number): string[] => {
  const body = dump({ [name]: value }, { lineWidth: 160, noRefs: true, flowLevel: 3 }).trimEnd().split('\n');
  return body.map((l) => ' '.repeat(indent) + l);
};

/** Lines [start, end) of the mapping under `path` (each key one level deeper than the one before). */
const sectionOf = (lines: readonly string[], path: readonly string[]): { start: number; end: number; indent: number } => {
  let from = 0;
  let to = lines.length;
  let indent = 0;
  for (const key of path) {
    const at = lines.findIndex((l, i) => i >= from && i < to && l === `${' '.repeat(indent)}${key}:`);
    if (at < 0) throw new Error(`asyncapi.yaml has no ${path.join('.')}`);
    let end = at + 1;
    while (end < to && (lines[end].trim() === '' || lines[end].startsWith(' '.repeat(indent + 1)) || lines[end].trimStart().startsWith('#'))) end++;
    from = at + 1;
    to = end;
    indent += 2;
  }
  return { start: from, end: to, indent };
};

/** Replaces or appends each entry of `entries` in the mapping at `path`. */
const upsert = (lines: string[], path: readonly string[], entries: Entries): string[] => {
  let out = lines;
  for (const [name, value] of Object.entries(entries)) {
    const { start, end, indent } = sectionOf(out, path);
    const at = out.findIndex((l, i) => i >= start && i < end && l === `${' '.repeat(indent)}${name}:`);
    const replacement = block(name, value, indent);
    if (at < 0) {
      let last = end;
      while (last > start && out[last - 1].trim() === '') last--;
      out = [...out.slice(0, last), ...replacement, ...out.slice(last)];
      continue;
    }
    let stop = at + 1;
    while (stop < end && (out[stop].trim() === '' ? stop + 1 < end && out[stop + 1].startsWith(' '.repeat(indent + 1)) : out[stop].startsWith(' '.repeat(indent + 1)))) stop++;
    out = [...out.slice(0, at), ...replacement, ...out.slice(stop)];
  }
  return out;
};

export const writeEntries = (file: string, service: string, entries: { channelMessages: Entries; messages: Entries; schemas: Entries }): void => {
  let lines = readFileSync(file, 'utf8').split('\n');
  lines = upsert(lines, ['channels', `${service}Events`, 'messages'], entries.channelMessages);
  lines = upsert(lines, ['components', 'messages'], entries.messages);
  lines = upsert(lines, ['components', 'schemas'], entries.schemas);
  writeFileSync(file, lines.join('\n'));
};
