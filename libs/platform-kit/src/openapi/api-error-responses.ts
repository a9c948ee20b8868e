import { applyDecorators } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiUnauthorizedResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';

/**
 * The error answers every admin API operation can give, documented once (the body is platform-kit's ErrorBody:
 * `code`, `message` saying what to do, `clause` and `field` where a rule refused it). Put on a controller class.
 */
export const ApiErrorResponses = (): ClassDecorator & MethodDecorator =>
  applyDecorators(
    ApiBadRequestResponse({
      description: 'The request is malformed: `violations` lists each field and the rule it breaks; nothing was changed',
      schema: { example: { statusCode: 400, error: 'Bad Request', message: 'limits should not be null or undefined', violations: [{ field: 'limits', rule: 'isDefined', message: 'limits should not be null or undefined' }] } },
    }),
    ApiUnauthorizedResponse({ description: 'No valid bearer token (`Authorization: Bearer <token>`; `npm run token -- --help`)' }),
    ApiForbiddenResponse({ description: "The token's role may not do this (the rulebook names who may), or the record is outside the token's jurisdictions" }),
    ApiNotFoundResponse({ description: 'No such record: `code` names what is missing' }),
    ApiConflictResponse({ description: 'The state does not allow it now (e.g. already done): `code` and `message` say what to do' }),
    ApiUnprocessableEntityResponse({
      description: 'A rule refuses it: `code`, the `clause` it rests on and the `field` concerned; nothing was changed',
      schema: { example: { statusCode: 422, error: 'Unprocessable Entity', code: 'BET_NOT_OFFERED', message: 'The table does not offer "super-6"; it offers player, banker, tie.', clause: 'Crown Melbourne 5.5', field: 'wagers[0].bet' } },
    }),
  );
