export * from './domain-error';
export * from './tables.events';
export * from './integration-event';
export * from './integration-upcasters';
export * from './jackpots.events';
