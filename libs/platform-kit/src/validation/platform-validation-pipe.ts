import { ArgumentMetadata, BadRequestException, ValidationPipe } from '@nestjs/common';
import { structuralViolations } from './structural-checks';
import { validationErrorBody, violationsBody } from './validation-violations';

/**
 * Validation every service applies: unknown fields are refused (not silently dropped) so a misspelt
 * `maximun` cannot pass as "no maximum", and bodies become DTO instances before the handler runs. After
 * class-validator, the structural checks: required nested objects present, numbers within what can be held.
 */
class PlatformValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const result: unknown = await super.transform(value, metadata);
    if (metadata.type === 'custom') return result;
    const violations = structuralViolations(result, typeof result === 'object' ? '' : (metadata.data ?? ''));
    if (violations.length > 0) throw new BadRequestException(violationsBody(violations));
    return result;
  }
}

export const createValidationPipe = (): ValidationPipe =>
  new PlatformValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new BadRequestException(validationErrorBody(errors)),
  });
