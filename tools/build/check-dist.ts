/**
 * Last step of `npm run build`: fails when test scaffolding reached dist/ (specs, integration tests, fixtures,
 * `test-support/` folders and libs/testing), i.e. when production code imports it. Such code belongs in the
 * tests; the image ships dist/ as it is.
 */
import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const dist = resolve(__dirname, '../..');
const TEST_ONLY = /(\.spec|\.int|\.e2e|-fixtures)\.js$|\/(test-support|libs\/testing)\//;

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.name === 'node_modules' ? [] : e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));

const leaked = files(dist)
  .map((f) => relative(dist, f))
  .filter((f) => TEST_ONLY.test(`/${f}`));
if (leaked.length > 0) {
  console.error(`Test scaffolding reached the build (something outside the tests imports it): move what production needs out of it.\n${leaked.map((f) => `  dist/${f}`).join('\n')}`);
  process.exit(1);
}
console.log(`dist/: ${files(dist).length} files, no test scaffolding`);
