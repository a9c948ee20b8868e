/** Promotional prizes and tokens as rulebook data (Star 1.1 'Casino Promotional Token', 16). */
export * from './promotion-policy';
