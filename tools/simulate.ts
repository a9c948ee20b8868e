/**
 * `npm run simulate -- tables --tables N --shoes M --seed S --url http://127.0.0.1:3000 [--boxes 14]`
 * Opens N tables on a running tables service and plays M shoes at each through its HTTP API, seeded and
 * reproducible. Prints a JSON summary on its last line. An HTTP client only (tsx emits no decorator metadata).
 */
import { parseArgs } from 'node:util';
import { percentile, simulateTables } from './simulator/table-simulator';

async function main(): Promise<void> {
  const [what, ...rest] = process.argv.slice(2);
  if (what !== 'tables') {
    console.error('Usage: npm run simulate -- tables --tables N --shoes M --seed S --url http://127.0.0.1:3000 [--boxes 14] [--prefix SIM]');
    process.exit(2);
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      tables: { type: 'string', default: '1' },
      shoes: { type: 'string', default: '1' },
      seed: { type: 'string', default: '1' },
      url: { type: 'string', default: process.env.TABLES_URL ?? 'http://127.0.0.1:3000' },
      boxes: { type: 'string', default: '14' },
      prefix: { type: 'string' },
    },
    strict: true,
  });
  const result = await simulateTables({
    url: values.url!,
    tables: Number(values.tables),
    shoes: Number(values.shoes),
    seed: Number(values.seed),
    boxes: Number(values.boxes),
    ...(values.prefix ? { tablePrefix: values.prefix } : {}),
    log: (line) => console.error(line),
  });
  const { latenciesMs, warmupLatenciesMs: _warmup, ...summary } = result;
  console.log(JSON.stringify({ ...summary, p99CommandMs: Math.round(percentile(latenciesMs, 99) * 10) / 10 }));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
