/**
 * `npm run bench -- <name> [args]` runs bench/<name>.bench.ts. Each benchmark prints one JSON object on its
 * last line. Benchmarks are where speed targets are met; tests never assert timings.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

async function main(): Promise<void> {
  const [name, ...args] = process.argv.slice(2);
  const available = readdirSync(__dirname).filter((f) => f.endsWith('.bench.ts')).map((f) => f.replace('.bench.ts', ''));
  if (!name || !available.includes(name)) {
    console.error(`Usage: npm run bench -- <${available.join('|')}> [args]`);
    process.exit(2);
  }
  const mod = (await import(join(__dirname, `${name}.bench.ts`))) as { run: (args: string[]) => Promise<unknown> };
  const result = await mod.run(args);
  console.log(JSON.stringify(result));
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
