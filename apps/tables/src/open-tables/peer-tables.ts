import type { PoolClient } from 'pg';
import { isRulebookId, rulebookById } from '@app/baccarat';
import type { CommandContext } from '@app/event-store';
import type { ChangeGame, OpenTable, PeerTable } from '../table/table-command.types';
import type { TableCommands } from '../table/table.commands';
import { TABLE_STREAM_TYPE, tableStreamId } from '../table/table.commands';
import type { TableState } from '../table/table.events';

/** Whether the rulebook makes any bet's pay-table option uniform across the tables offering it (Rapid 10.1). */
const hasUniformBets = (rulebookId: string): boolean => isRulebookId(rulebookId) && rulebookById(rulebookId).bets.some((b) => b.uniformAcrossTables);

const seriesOf = (rulebookId: string): string | null => (isRulebookId(rulebookId) ? rulebookById(rulebookId).series : null);

/** The tables one pay-table option must be uniform across (Rapid 10.1): the rulebook's series; null when it has no such rule. */
const uniformityGroupOf = (rulebookId: string): string | null => (hasUniformBets(rulebookId) ? seriesOf(rulebookId) : null);

/**
 * Runs OpenTable or ChangeGame with its `peerTables` filled in: the other open tables of the same uniformity group
 * and what they offer, so the decider can hold every table offering a bet to one pay-table option (Rapid 10.1).
 * The peers are read and the command appended in one transaction holding a lock per group, so two openings at
 * once take turns and the second sees the first (without it both could pass). A rulebook without such a rule
 * reads nothing and takes no lock, so opening other tables costs nothing.
 */
export const handleAgreeingWithPeers = async (commands: TableCommands, tableId: string, command: OpenTable | ChangeGame, context: CommandContext) => {
  const rulebookId = command.type === 'OpenTable' ? command.rulebookId : (await commands.load(tableId)).state.rulebookId;
  const group = uniformityGroupOf(rulebookId);
  if (!group) return commands.handle(tableId, { ...command, peerTables: [] }, context);
  return commands.store.transaction(async (_store, tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`uniform-pay-tables:${group}`]);
    const peerTables = await peersOf(commands, tableId, group, tx);
    return commands.handle(tableId, { ...command, peerTables }, context, { tx });
  });
};

/** Read in the lock holder's transaction: a second pool connection could wait behind the openings queued on the lock. */
const peersOf = async (commands: TableCommands, tableId: string, group: string, tx: PoolClient): Promise<PeerTable[]> => {
  const own = tableStreamId(tableId);
  const streamIds = (await commands.store.within(tx).streamIds(TABLE_STREAM_TYPE)).filter((id) => id !== own);
  const states: TableState[] = [];
  for (const id of streamIds) states.push((await commands.loadStream(id, tx)).state); // one connection: one query at a time
  // A game change announced but not yet applied counts too: it will be dealt.
  return states.filter((s) => s.status === 'open' && seriesOf(s.rulebookId) === group).flatMap((s) => peerOf(s));
};

const peerOf = (s: TableState): PeerTable[] => [
  { tableId: s.tableId, offeredBets: s.offeredBets },
  ...(s.pendingGame ? [{ tableId: s.tableId, offeredBets: s.pendingGame.offeredBets }] : []),
];
