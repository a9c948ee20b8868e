import { conflict, forbidden, notFound, ruleViolation } from '@app/contracts';
import { domainErrorBody, httpExceptionBody } from './error-body';

describe('domain errors as HTTP bodies', () => {
  it.each([
    [ruleViolation('WAGER_ABOVE_TABLE_MAXIMUM', 'Lower the wager to the table maximum.', 'Crown Melbourne 9.3.1(a)', 'amount'), 422, 'Unprocessable Entity'],
    [conflict('BETTING_CLOSED', 'No more bets: wait for the next coup.'), 409, 'Conflict'],
    [forbidden('SUPERVISOR_REQUIRED', 'A gaming supervisor must expose the burn cards.', 'Star 2024 12.20.2'), 403, 'Forbidden'],
    [notFound('TABLE_NOT_FOUND', 'No table T99; list tables with GET /tables.'), 404, 'Not Found'],
  ])('maps %s to %i', (error, statusCode, reason) => {
    expect(domainErrorBody(error)).toEqual({
      statusCode,
      error: reason,
      code: error.code,
      message: error.message,
      ...(error.clause ? { clause: error.clause } : {}),
      ...(error.field ? { field: error.field } : {}),
    });
  });

  it("joins Nest's array messages into one sentence", () => {
    expect(httpExceptionBody(400, { message: ['a is wrong', 'b is wrong'], error: 'Bad Request', statusCode: 400 })).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'a is wrong; b is wrong',
    });
  });
});
