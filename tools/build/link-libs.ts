/**
 * Second step of `npm run build`: makes the `@app/<lib>` path aliases of tsconfig.json resolvable by plain
 * Node in dist/. tsc leaves `require("@app/event-store")` as written; a package per alias in
 * dist/node_modules/@app/ points it at the compiled library, so `node dist/apps/<service>/src/main.js` runs
 * with no loader and no path rewriting.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(__dirname, '../../..');
const dist = join(root, 'dist');
const { compilerOptions } = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')) as { compilerOptions: { paths: Record<string, string[]> } };

for (const [alias, [target]] of Object.entries(compilerOptions.paths)) {
  const packageDir = join(dist, 'node_modules', alias);
  const main = join(dist, target.replace(/\.ts$/, '.js'));
  if (!existsSync(main)) continue; // a library the build leaves out (test scaffolding)
  mkdirSync(packageDir, { recursive: true });
  writeFileSync(join(packageDir, 'package.json'), `${JSON.stringify({ name: alias, private: true, main: relative(packageDir, main) }, null, 2)}\n`);
  console.log(`${alias} -> ${relative(root, dirname(main))}`);
}
