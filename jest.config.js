// Two projects: `unit` (pure, no I/O, fast) and `integration` (real PostgreSQL and Kafka, provisioned by
// test/support/run-tests.ts). File naming decides the tier: *.spec.ts is unit, *.int.ts / *.e2e.ts integration.
const swc = ['@swc/jest', {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
}];
const moduleNameMapper = {
  '^@app/(event-store|messaging|contracts|baccarat|testing|platform-kit|database)$': '<rootDir>/libs/$1/src/index.ts',
};
const common = { rootDir: __dirname, transform: { '^.+\\.ts$': swc }, moduleNameMapper, testEnvironment: 'node' };
module.exports = {
  // Integration tests start services and wait on Kafka; unit tests finish in milliseconds anyway. A timeout only
  // catches a hang (nothing here asserts speed), so it leaves room for a machine several times slower than a quiet
  // 2-core one: at the equivalent of one core, single tests took over 120 s.
  testTimeout: 300000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs,tools}/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/{apps,libs,test}/**/*.int.ts', '<rootDir>/test/**/*.e2e.ts'],
      setupFiles: ['<rootDir>/test/support/quiet-logs.ts'],
      slowTestThreshold: 30,
    },
  ],
};
