/**
 * The clause strings a rulebook version's data carries (every `clause` of its bets, pay tables, variants and
 * procedures, and the source of its named policies): what the platform implements of the text, as opposed to
 * what the tests cite.
 */

export interface DataString {
  /** Where in the rulebook's data, e.g. "bets[dragon-tail-late].payTables[1].clause". */
  readonly path: string;
  readonly text: string;
}

/** An element of a list is named by its id (or bet, or option) when it has one: paths survive reordering. */
const elementName = (value: unknown, index: number): string => {
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    for (const key of ['id', 'bet', 'option', 'outcome']) if (typeof v[key] === 'string') return v[key] as string;
  }
  return String(index);
};

/** Every string in a rulebook's data (and the source text of its policy functions), with its path. */
export const rulebookDataStrings = (rulebook: object): DataString[] => {
  const out: DataString[] = [];
  const seen = new Set<object>();
  const walk = (value: unknown, path: string): void => {
    if (typeof value === 'string') out.push({ path, text: value });
    else if (typeof value === 'function') out.push({ path, text: value.toString() });
    else if (value && typeof value === 'object' && !seen.has(value)) {
      seen.add(value);
      if (Array.isArray(value)) value.forEach((x, i) => walk(x, `${path}[${elementName(x, i)}]`));
      else for (const [key, x] of Object.entries(value)) walk(x, path ? `${path}.${key}` : key);
    }
  };
  walk(rulebook, '');
  return out;
};
