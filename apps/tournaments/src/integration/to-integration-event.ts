import { envelopeOf, TOURNAMENTS_INTEGRATION_EVENT_TYPES, type IntegrationEvent, type SourceEvent } from '@app/contracts';

const PUBLISHED = new Set<string>(TOURNAMENTS_INTEGRATION_EVENT_TYPES);

/**
 * What leaves the tournaments service on `baccarat.tournaments.events`: the contract's events as they are,
 * except that an undisclosed wager's form stays inside until it is revealed after no more bets (Star 15.8.2.5-
 * 15.8.2.6): the published UndisclosedWagerRecorded is only the indicator. The table-play notes stay internal.
 */
export const toIntegrationEvent = (stored: SourceEvent): IntegrationEvent | null => {
  if (!PUBLISHED.has(stored.type)) return null;
  if (stored.type === 'UndisclosedWagerRecorded') {
    const { form: _form, ...indicator } = stored.data;
    return envelopeOf('tournaments', stored, { data: indicator });
  }
  return envelopeOf('tournaments', stored);
};
