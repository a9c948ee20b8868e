import { actingRole, describeRequirement, roleSatisfies } from './role-requirement';
import * as rulebookRoles from '../../../baccarat/src/rulebooks/roles';
import { ROLE_LADDER, ROLES } from './roles';

describe('role ladder', () => {
  it('is dealer < gaming-supervisor < area-manager < casino-manager', () => {
    expect(ROLE_LADDER).toEqual(['dealer', 'gaming-supervisor', 'area-manager', 'casino-manager']);
  });

  it.each([
    ['casino-manager', 'area-manager'],
    ['casino-manager', 'dealer'],
    ['area-manager', 'gaming-supervisor'],
    ['gaming-supervisor', 'dealer'],
    ['area-manager', 'area-manager'],
  ] as const)('lets a %s do what a %s may', (held, required) => {
    expect(roleSatisfies([held], required)).toBe(true);
  });

  it.each([
    ['dealer', 'gaming-supervisor'],
    ['gaming-supervisor', 'area-manager'],
    ['area-manager', 'casino-manager'],
  ] as const)('refuses a %s a command for a %s', (held, required) => {
    expect(roleSatisfies([held], required)).toBe(false);
  });

  it('does not make an administrator a casino manager for game decisions', () => {
    expect(roleSatisfies(['administrator'], 'dealer')).toBe(false);
    expect(roleSatisfies(['administrator'], 'casino-manager')).toBe(false);
  });

  it('never lets a regulator issue ladder commands, however the ladder is asked', () => {
    expect(roleSatisfies(['regulator'], 'dealer')).toBe(false);
    expect(roleSatisfies(['regulator'], { anyOf: ['dealer', 'jackpot-console'] })).toBe(false);
  });

  it('does not let a ladder role stand in for an off-ladder role', () => {
    expect(roleSatisfies(['casino-manager'], 'tournament-director')).toBe(false);
    expect(roleSatisfies(['casino-manager'], 'jackpot-console')).toBe(false);
  });

  it('accepts any one of several roles, with ladder inheritance inside the list', () => {
    const required = { anyOf: ['jackpot-console', 'gaming-supervisor'] } as const;
    expect(roleSatisfies(['jackpot-console'], required)).toBe(true);
    expect(roleSatisfies(['area-manager'], required)).toBe(true);
    expect(roleSatisfies(['dealer'], required)).toBe(false);
  });

  it('refuses an actor with no roles', () => {
    expect(roleSatisfies([], 'dealer')).toBe(false);
  });
});

describe('acting role', () => {
  it('is the highest ladder role that satisfies the command', () => {
    expect(actingRole(['dealer', 'casino-manager', 'administrator'], 'gaming-supervisor')).toBe('casino-manager');
  });

  it('is the off-ladder role when only that one satisfies', () => {
    expect(actingRole(['dealer', 'tournament-director'], { anyOf: ['tournament-director', 'area-manager'] })).toBe('tournament-director');
  });

  it('is undefined when nothing satisfies', () => {
    expect(actingRole(['dealer'], 'area-manager')).toBeUndefined();
  });
});

describe('requirement descriptions', () => {
  it('say that higher ladder roles are accepted too', () => {
    expect(describeRequirement('area-manager')).toBe('area-manager (or higher on the ladder)');
    expect(describeRequirement({ anyOf: ['jackpot-console', 'casino-manager'] })).toBe('one of: jackpot-console, casino-manager');
  });
});

describe('agreement with the rulebooks', () => {
  // The rulebooks (libs/baccarat) name the minimum role of each procedure with these ids; a drift would
  // make a rulebook requirement unsatisfiable over HTTP.
  it('uses the same role ids and ladder order as libs/baccarat', () => {
    expect(ROLE_LADDER).toEqual(rulebookRoles.ROLE_LADDER);
    expect([...ROLES]).toEqual([...rulebookRoles.ROLE_IDS]);
  });
});
