import { ArgumentMetadata, BadRequestException, ValidationPipe } from '@nestjs/common';
import { droppedFields, strippedFields } from './dropped-fields';
import { plainTextViolations } from './plain-text';
import { structuralViolations } from './structural-checks';
import { ValidationErrorBody, validationErrorBody, violationsBody } from './validation-violations';

/**
 * Validation every service applies: unknown fields are refused (not silently dropped) so a misspelt
 * `maximun` cannot pass as "no maximum", and bodies become DTO instances before the handler runs. Before
 * class-validator, what it cannot see: fields Nest deletes (`__proto__`, `prototype`, `constructor`) and text
 * that would not read as it was stored (`plain-text.ts`), both named beside class-validator's own findings.
 * After it, the structural checks (required nested objects present, numbers within what can be held) and no
 * field lost on the way, whatever its name.
 */
class PlatformValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'custom') return super.transform(value, metadata);
    const checked = this.toValidate(metadata);
    const field = value !== null && typeof value === 'object' ? '' : (metadata.data ?? '');
    const before = [...(checked ? strippedFields(value) : []), ...plainTextViolations(value, field)];
    let result: unknown;
    try {
      result = await super.transform(value, metadata);
    } catch (refusal) {
      // class-validator's own refusal, with what it could not see named beside it.
      const body = refusal instanceof BadRequestException ? (refusal.getResponse() as Partial<ValidationErrorBody>) : undefined;
      if (before.length === 0 || !Array.isArray(body?.violations)) throw refusal;
      throw new BadRequestException(violationsBody([...before, ...body.violations]));
    }
    const violations = [...before, ...(checked ? droppedFields(value, result) : []), ...structuralViolations(result, typeof result === 'object' ? '' : (metadata.data ?? ''))];
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
