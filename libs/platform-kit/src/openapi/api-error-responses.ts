import { applyDecorators } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiUnauthorizedResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { ErrorBodyDto } from './error-body.schema';

/** Why a bearer token is refused (401), documented once. */
export const UNAUTHORIZED = 'No valid bearer token (`Authorization: Bearer <token>`; `npm run token -- --help`); a staff token must name the casinos its holder works at (`--casino`)';

/** The 403 of the casino scope, documented once (libs/platform-kit/src/authorization/casino-scope.ts). */
export const OUT_OF_CASINO =
  'Staff act only at their own casino: a table (its seats, shoe, coups), jackpot, tournament, promotion, voucher or Rapid table, station or account of a casino the token does not name, or a record created under another casino\'s rulebook, is refused with `code` OUT_OF_CASINO (the message names the casinos of the token and the casino of the record); lists show only the token\'s casinos';

const REFUSED = 'A rule refuses it: `code`, the `clause` it rests on and the `field` concerned; nothing was changed';

/**
 * The error answers every admin API operation can give, documented once. Their body is platform-kit's one error
 * body (`ErrorBodyDto`: `code`, `message` saying what to do, `clause` and `field` where a rule refused it), which
 * setupOpenApi puts on every error response with each route's own 400 example. Put on a controller class; a route
 * shows a refusal it really answers with ApiRefusal.
 */
export const ApiErrorResponses = (): ClassDecorator & MethodDecorator =>
  applyDecorators(
    ApiBadRequestResponse({ description: 'The request is malformed: `violations` lists each field and the rule it breaks; nothing was changed' }),
    ApiUnauthorizedResponse({ description: UNAUTHORIZED }),
    ApiForbiddenResponse({ description: `The token's role may not do this (the rulebook names who may), or the record is outside the token's jurisdictions. ${OUT_OF_CASINO}` }),
    ApiNotFoundResponse({ description: 'No such record: `code` names what is missing' }),
    ApiConflictResponse({ description: 'The state does not allow it now (e.g. already done): `code` and `message` say what to do' }),
    ApiUnprocessableEntityResponse({ description: REFUSED }),
  );

/** A 422 this route really answers, shown as its example (the body is the one error body, ErrorBodyDto). */
export const ApiRefusal = (example: ErrorBodyDto & { readonly statusCode: 422 }): MethodDecorator => ApiUnprocessableEntityResponse({ description: REFUSED, schema: { example } });
