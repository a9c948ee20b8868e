import { Controller, Get, Module, Param } from '@nestjs/common';
import { CqrsModule, QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Public } from '@app/platform-kit';
import { CROWN_MELBOURNE_V29 } from '@app/baccarat';
import { jurisdictionsVocabulary, ROLES_VOCABULARY, rulebookVocabulary } from './rulebook-vocabulary';
import { GetRulebookVocabulary, GetRulebookVocabularyHandler, GetVocabulary, GetVocabularyHandler } from './rulebooks.queries';

/** An example from the real data (Crown Melbourne v29), cut to a few entries per list. */
const RULEBOOK_EXAMPLE = (() => {
  const full = rulebookVocabulary(CROWN_MELBOURNE_V29);
  const banker = full.bets.find((b) => b.bet === 'banker')!;
  return { ...full, variants: full.variants.slice(0, 1), bets: [{ ...banker, options: banker.options.slice(0, 1) }], roles: full.roles.slice(0, 3) };
})();

/**
 * The vocabulary consoles build their screens from: every rulebook with its variants, bets and their
 * pay-table options, dealing and burn methods and role titles, each with its clause; the platform's roles and the
 * jurisdictions. Public: the rulebooks are public documents, and a console needs them before anyone signs in.
 */
@ApiTags('rulebooks')
@Controller('rulebooks')
export class RulebooksController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @Public()
  @ApiOperation({
    summary: 'The vocabulary: rulebooks, variants, bets and their options, dealing methods, roles, jurisdictions, with their clauses',
    description:
      'What POST /tables accepts (`rulebookId`, `variant`, `offeredBets[].bet` / `.option`, `dealingMethod`) and what the pay tables pay, as the approved rulebooks say it; each option with its exact house edge at every deck count the rulebook allows (`houseEdges`, per nominated hand) and `playerFavourable` where the edge is the player\'s (reported for the regulator). `roles` lists the roles a token may carry; `jurisdictions` the rulebooks in force in each (the gaming-day calendar is at GET /reporting/calendars).',
  })
  @ApiOkResponse({
    description: 'Every rulebook, the roles and the jurisdictions',
    schema: { type: 'object', example: { rulebooks: [RULEBOOK_EXAMPLE], roles: ROLES_VOCABULARY, jurisdictions: jurisdictionsVocabulary() } },
  })
  list() {
    return this.queries.execute(new GetVocabulary());
  }

  @Get(':rulebookId')
  @Public()
  @ApiParam({ name: 'rulebookId', example: 'crown-melbourne-v29', description: 'A rulebook id from GET /rulebooks' })
  @ApiOperation({ summary: 'One rulebook: its variants, bets and options, dealing and burn methods and role titles, with clauses' })
  @ApiOkResponse({ description: 'The rulebook', schema: { type: 'object', example: RULEBOOK_EXAMPLE } })
  @ApiNotFoundResponse({ description: 'RULEBOOK_NOT_FOUND, naming the rulebooks there are' })
  one(@Param('rulebookId') rulebookId: string) {
    return this.queries.execute(new GetRulebookVocabulary(rulebookId));
  }
}

/** GET /rulebooks and its query handlers; imported by TablesModule. */
@Module({ imports: [CqrsModule.forRoot()], controllers: [RulebooksController], providers: [GetVocabularyHandler, GetRulebookVocabularyHandler] })
export class RulebooksModule {}
