import { notFound } from '@app/contracts';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { RULEBOOKS } from '@app/baccarat';
import { rulebookVocabulary, vocabulary } from './rulebook-vocabulary';

export type Vocabulary = ReturnType<typeof vocabulary>;
export type RulebookVocabulary = ReturnType<typeof rulebookVocabulary>;

/** The whole vocabulary: rulebooks, roles, jurisdictions. */
export class GetVocabulary extends Query<Vocabulary> {}

/** One rulebook's vocabulary. */
export class GetRulebookVocabulary extends Query<RulebookVocabulary> {
  constructor(readonly rulebookId: string) {
    super();
  }
}

@QueryHandler(GetVocabulary)
export class GetVocabularyHandler implements IQueryHandler<GetVocabulary, Vocabulary> {
  execute(): Promise<Vocabulary> {
    return Promise.resolve(vocabulary());
  }
}

@QueryHandler(GetRulebookVocabulary)
export class GetRulebookVocabularyHandler implements IQueryHandler<GetRulebookVocabulary, RulebookVocabulary> {
  execute(q: GetRulebookVocabulary): Promise<RulebookVocabulary> {
    const rulebook = RULEBOOKS.find((r) => r.id === q.rulebookId);
    if (!rulebook) throw notFound('RULEBOOK_NOT_FOUND', `No rulebook "${q.rulebookId}"; the rulebooks are ${RULEBOOKS.map((r) => r.id).join(', ')}.`);
    return Promise.resolve(rulebookVocabulary(rulebook));
  }
}
