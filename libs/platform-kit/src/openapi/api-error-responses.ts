import { applyDecorators } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiUnauthorizedResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { ErrorBodyDto } from './error-body.schema';

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
    ApiUnauthorizedResponse({ description: 'No valid bearer token (`Authorization: Bearer <token>`; `npm run token -- --help`)' }),
    ApiForbiddenResponse({ description: "The token's role may not do this (the rulebook names who may), or the record is outside the token's jurisdictions" }),
    ApiNotFoundResponse({ description: 'No such record: `code` names what is missing' }),
    ApiConflictResponse({ description: 'The state does not allow it now (e.g. already done): `code` and `message` say what to do' }),
    ApiUnprocessableEntityResponse({ description: REFUSED }),
  );

/** A 422 this route really answers, shown as its example (the body is the one error body, ErrorBodyDto). */
export const ApiRefusal = (example: ErrorBodyDto & { readonly statusCode: 422 }): MethodDecorator => ApiUnprocessableEntityResponse({ description: REFUSED, schema: { example } });
