import { BadRequestException, ValidationPipe } from '@nestjs/common';
import { validationErrorBody } from './validation-violations';

/**
 * Validation every service applies: unknown fields are refused (not silently dropped) so a misspelt
 * `maximun` cannot pass as "no maximum", and bodies become DTO instances before the handler runs.
 */
export const createValidationPipe = (): ValidationPipe =>
  new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new BadRequestException(validationErrorBody(errors)),
  });
