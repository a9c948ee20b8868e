import { ArgumentMetadata, BadRequestException, ValidationPipe } from '@nestjs/common';
import { droppedFields, strippedFields } from './dropped-fields';
import { structuralViolations } from './structural-checks';
import { ValidationErrorBody, validationErrorBody, violationsBody } from './validation-violations';

/**
 * Validation every service applies: unknown fields are refused (not silently dropped) so a misspelt
 * `maximun` cannot pass as "no maximum", and bodies become DTO instances before the handler runs. After
 * class-validator, the structural checks: required nested objects present, numbers within what can be held,
 * text that reads as it was stored; and no field lost on the way, whatever its name.
 */
class PlatformValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'custom') return super.transform(value, metadata);
    const checked = this.toValidate(metadata);
    const stripped = checked ? strippedFields(value) : [];
    let result: unknown;
    try {
      result = await super.transform(value, metadata);
    } catch (refusal) {
      // class-validator's own refusal, with the fields Nest deleted before it looked.
      const body = refusal instanceof BadRequestException ? (refusal.getResponse() as Partial<ValidationErrorBody>) : undefined;
      if (stripped.length === 0 || !Array.isArray(body?.violations)) throw refusal;
      throw new BadRequestException(violationsBody([...stripped, ...body.violations]));
    }
    const field = typeof result === 'object' ? '' : (metadata.data ?? '');
    const violations = [...stripped, ...(checked ? droppedFields(value, result) : []), ...structuralViolations(result, field)];
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
