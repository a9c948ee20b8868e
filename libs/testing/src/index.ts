export * from './given-when-then';
export * from './reactor-spec';
export * from './test-database';
export * from './eventually';
export * from './integration-event-of';
export { freePort } from './free-port';
export { untilReady } from './until-ready';
export { untilConsumersCaughtUp, untilReadHorizonPasses } from './read-horizon';
export { testToken, testBearer, EVERY_CASINO, type TestTokenRequest } from './test-tokens';
