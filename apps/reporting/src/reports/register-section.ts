import { DocumentColumn, inWords } from './report-document';
import { Cell, SectionDefinition, SectionResult, SourceSpan } from './report.types';

export const REGISTER_COLUMNS = ['eventId', 'occurredAt', 'gamingDay', 'tableId', 'shoeId', 'coupId', 'wagerId', 'patronId', 'category', 'kind', 'card', 'clause', 'reason', 'amountCents', 'actorId', 'actorRole'] as const;

interface RegisterRow {
  event_id: string;
  seq: number;
  source: string;
  source_tx: string;
  source_pos: string;
  occurred_at: string;
  gaming_day: string;
  table_id: string;
  shoe_id: string | null;
  coup_id: string | null;
  wager_id: string | null;
  patron_id: string | null;
  category: string;
  kind: string;
  card: string | null;
  clause: string | null;
  reason: string | null;
  amount_cents: string | null;
  actor_id: string;
  actor_role: string;
  rulebook_id: string | null;
}

/** Source spans of rows carrying (source, source_tx, source_pos). */
export const spansOf = (rows: readonly { source: string; source_tx: string; source_pos: string }[]): SourceSpan[] => {
  const by = new Map<string, { from: [bigint, bigint]; to: [bigint, bigint]; events: Set<string> }>();
  const lt = (a: [bigint, bigint], b: [bigint, bigint]) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
  for (const r of rows) {
    const p: [bigint, bigint] = [BigInt(r.source_tx), BigInt(r.source_pos)];
    const s = by.get(r.source);
    if (!s) by.set(r.source, { from: p, to: p, events: new Set([`${r.source_tx}:${r.source_pos}`]) });
    else {
      if (lt(p, s.from)) s.from = p;
      if (lt(s.to, p)) s.to = p;
      s.events.add(`${r.source_tx}:${r.source_pos}`);
    }
  }
  return [...by.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([source, s]) => ({
      source,
      fromTransactionId: String(s.from[0]),
      fromPosition: String(s.from[1]),
      toTransactionId: String(s.to[0]),
      toPosition: String(s.to[1]),
      events: s.events.size,
    }));
};

/** Who recorded an entry, as a regulator reads it: "manager-1 (area manager)". */
export const recordedBy = (row: Readonly<Record<string, Cell>>): string => (row.actorId ? `${String(row.actorId)}${row.actorRole ? ` (${inWords(String(row.actorRole)).toLowerCase()})` : ''}` : '');

/** The columns of a register section's table; `amount` names what the amount is and whether it adds up. */
const registerDocument = (amount: { header: string; total: boolean }): DocumentColumn[] => [
  { header: 'Time', format: 'instant', key: 'occurredAt', width: 1.25 },
  { header: 'Gaming day', format: 'text', key: 'gamingDay', width: 0.9, monthOnly: true },
  { header: 'Table', format: 'text', key: 'tableId', width: 0.9 },
  { header: 'Shoe', optional: true, format: 'text', key: 'shoeId', width: 0.9 },
  { header: 'Coup', optional: true, format: 'text', key: 'coupId', width: 0.9 },
  { header: 'What happened', format: 'text', value: (r) => `${inWords(String(r.kind))}${r.card ? `: ${String(r.card)}` : ''}`, width: 1.3 },
  { header: 'Wager / patron', optional: true, format: 'text', value: (r) => [r.wagerId && `wager ${String(r.wagerId)}`, r.patronId && `patron ${String(r.patronId)}`].filter(Boolean).join(', '), width: 1.1 },
  { header: amount.header, optional: true, format: 'money', key: 'amountCents', total: amount.total ? 'sum' : undefined, width: 0.95 },
  { header: 'Reason', format: 'text', key: 'reason', width: 1.8 },
  { header: 'Recorded by', format: 'text', value: recordedBy, width: 1.2 },
  { header: 'Rule', format: 'text', key: 'clause', width: 1.1 },
  { header: 'Event id', format: 'text', key: 'eventId', width: 1.6 },
];

/**
 * A section listing compliance-register entries of the jurisdiction and period that match `where` (SQL over the
 * register's columns). `amount`: the heading of the amount column and whether its total means something (the
 * commission waived adds up; over- and underpayments together do not).
 */
export const registerSection = (id: string, title: string, clause: string, where: string, amount: { header: string; total: boolean } = { header: 'Amount ($)', total: false }): SectionDefinition => ({
  id,
  title,
  clause,
  document: [{ columns: registerDocument(amount) }],
  async query({ pool, schema, jurisdiction, period }): Promise<SectionResult> {
    const { rows } = await pool.query<RegisterRow>(
      `SELECT event_id, seq, source, source_tx::text AS source_tx, source_pos::text AS source_pos, occurred_at, gaming_day, table_id, shoe_id, coup_id,
              wager_id, patron_id, category, kind, details->>'card' AS card, clause, reason, amount_cents::text AS amount_cents, actor_id, actor_role, rulebook_id
         FROM ${schema}.compliance_register r
        WHERE jurisdiction = $1 AND gaming_day BETWEEN $2 AND $3 AND (${where})
        ORDER BY r.occurred_at, r.source, r.source_tx, r.source_pos, r.seq`,
      [jurisdiction, period.firstDay, period.lastDay],
    );
    const out: Record<string, Cell>[] = rows.map((r) => ({
      eventId: r.event_id,
      occurredAt: r.occurred_at,
      gamingDay: r.gaming_day,
      tableId: r.table_id,
      shoeId: r.shoe_id,
      coupId: r.coup_id,
      wagerId: r.wager_id,
      patronId: r.patron_id,
      category: r.category,
      kind: r.kind,
      // The card concerned, where the tables service recorded one: the foreign or missing card of Star 12.11.
      card: r.card,
      clause: r.clause,
      reason: r.reason,
      amountCents: r.amount_cents === null ? null : Number(r.amount_cents),
      actorId: r.actor_id,
      actorRole: r.actor_role,
    }));
    return {
      section: { id, title, clause, columns: REGISTER_COLUMNS, rows: out },
      rulebooks: [...new Set(rows.map((r) => r.rulebook_id).filter((x): x is string => !!x))],
      spans: spansOf(rows),
    };
  },
});
