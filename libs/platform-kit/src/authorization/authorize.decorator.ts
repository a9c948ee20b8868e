import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiOperation, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { OUT_OF_CASINO, UNAUTHORIZED } from '../openapi/api-error-responses';
import { describeRequirement, RoleRequirement } from './role-requirement';

export const AUTHORIZE_METADATA = 'platform-kit:authorize';
export const PUBLIC_METADATA = 'platform-kit:public';

/**
 * The role a command (or a whole controller) requires: `@Authorize('area-manager')` lets area and casino
 * managers in; `@Authorize({ anyOf: ['jackpot-console', 'area-manager'] })` accepts either branch.
 */
export const Authorize = (required: RoleRequirement) =>
  applyDecorators(
    SetMetadata(AUTHORIZE_METADATA, required),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: `No bearer token, or it is expired or invalid. ${UNAUTHORIZED}.` }),
    ApiForbiddenResponse({ description: `Requires ${describeRequirement(required)} (code ROLE_NOT_PERMITTED). ${OUT_OF_CASINO}.` }),
  );

/**
 * No token needed: health, metrics, docs, the pages. The API document says so (`security: []`, overriding the
 * bearer requirement every other operation has); the summary of the route's own @ApiOperation is kept.
 */
export const Public = (): MethodDecorator & ClassDecorator =>
  ((target: object, key?: string | symbol, descriptor?: PropertyDescriptor) => {
    SetMetadata(PUBLIC_METADATA, true)(target, key as string, descriptor as PropertyDescriptor);
    if (descriptor) ApiOperation({ summary: undefined, security: [] })(target, key as string, descriptor);
  }) as MethodDecorator & ClassDecorator;
