import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** One broken constraint of a refused request (validation-violations.ts `Violation`). */
export class ViolationDto {
  @ApiProperty({ example: 'limits.perBet[0].maximumCents', description: 'The dotted path of the field, array items by index' }) field!: string;
  @ApiProperty({ example: 'min', description: 'The rule it breaks: FIELD_REQUIRED (missing), UNKNOWN_FIELD (a field the operation does not take) or the class-validator constraint (`min`, `isInt`)' }) rule!: string;
  @ApiProperty({ example: 'limits.perBet[0].maximumCents must not be less than 1', description: 'What is wrong with it' }) message!: string;
  @ApiPropertyOptional({ example: 'Rapid 11.14', description: 'The rulebook clause the rule comes from, where the operation names it for the field (a required field missing: rule FIELD_REQUIRED)' }) clause?: string;
}

/**
 * The body of every error answer of the platform (`ErrorBody`, written by ErrorResponseFilter), documented once:
 * every 4xx and 5xx response of the API document refers to this schema.
 */
export class ErrorBodyDto {
  @ApiProperty({ example: 422, description: 'The HTTP status, repeated' }) statusCode!: number;
  @ApiProperty({ example: 'Unprocessable Entity', description: 'The reason phrase of the status' }) error!: string;
  @ApiPropertyOptional({ example: 'LIMITS_OUT_OF_ORDER', description: 'What refused it, stable for programs (on a malformed request (400), the rule of the first field whose clause the operation names, e.g. FIELD_REQUIRED, else of the first field, e.g. UNKNOWN_FIELD; `violations` names each field)' }) code?: string;
  @ApiProperty({ example: 'The maximum must not be below the minimum: raise maximumCents or lower minimumCents.', description: 'What is wrong and what to do' }) message!: string;
  @ApiPropertyOptional({ example: 'Crown Melbourne 6.7', description: 'The rulebook clause the refusal rests on, where a rule of the game refused it (absent where the request breaks only the API document, e.g. UNKNOWN_FIELD)' }) clause?: string;
  @ApiPropertyOptional({ example: 'limits.perBet[0].maximumCents', description: 'The field concerned, where one is' }) field?: string;
  @ApiPropertyOptional({ type: [ViolationDto], description: 'On a malformed request (400): each field and the rule it breaks' }) violations?: ViolationDto[];
  @ApiPropertyOptional({ example: true, description: 'Present (true) where the same command may pass in a moment: another command changed the stream first (CONCURRENT_MODIFICATION), or the rule waits on what another service has done and this one has not heard yet (TURN_RULING_PENDING, COUP_NOT_OPEN). Such an answer is not kept for a retry with the same Idempotency-Key.' }) retryLater?: boolean;
}
