import { kafkaGroupId } from './kafka-transport';

describe('kafkaGroupId (the default consumer group)', () => {
  it('keeps a test’s consumer on its own topics out of the group of the same consumer of a running platform', () => {
    expect(kafkaGroupId('reporting-tables', ['test.tables.1a2b.events'])).not.toBe(kafkaGroupId('reporting-tables', ['baccarat.tables.events']));
  });

  it('is the same for every instance of one consumer on the same topics, whatever their order', () => {
    expect(kafkaGroupId('reporting', ['baccarat.tables.events', 'baccarat.jackpots.events'])).toBe(kafkaGroupId('reporting', ['baccarat.jackpots.events', 'baccarat.tables.events']));
  });
});
