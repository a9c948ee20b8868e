import { INestApplication, RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';
import { DocumentBuilder, getSchemaPath, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { validationErrorBody } from '../validation/validation-violations';
import { ErrorBodyDto } from './error-body.schema';

export interface OpenApiOptions {
  readonly title: string;
  readonly version: string;
  readonly description?: string;
  /** Where the UI is served (default `docs`); the JSON document is at `<path>-json`. */
  readonly path?: string;
}

type Operation = { requestBody?: unknown; responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown; example?: unknown }> }> };

const METHODS: Partial<Record<RequestMethod, string>> = { [RequestMethod.GET]: 'get', [RequestMethod.POST]: 'post', [RequestMethod.PUT]: 'put', [RequestMethod.PATCH]: 'patch', [RequestMethod.DELETE]: 'delete' };
const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : [v === undefined ? '' : String(v)]);
const joinPath = (...parts: string[]) => `/${parts.map((p) => p.replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/')}`.replace(/:(\w+)/g, '{$1}');

/** Each route's body DTO, by `<method> <path>` as the document names the operation. */
const bodyTypesOf = (app: INestApplication): Map<string, Type<object>> => {
  const found = new Map<string, Type<object>>();
  const scanner = new MetadataScanner();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as Type<object> | undefined;
      if (!type?.prototype) continue;
      for (const name of scanner.getAllMethodNames(type.prototype)) {
        const handler = (type.prototype as Record<string, object>)[name];
        const method = METHODS[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        if (!method || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, type, name) ?? {}) as Record<string, { index: number; data?: unknown }>;
        const body = Object.entries(args).find(([key, arg]) => key.startsWith(`${RouteParamtypes.BODY}:`) && arg.data === undefined)?.[1];
        const bodyType = body ? ((Reflect.getMetadata('design:paramtypes', type.prototype, name) ?? []) as Type<object>[])[body.index] : undefined;
        if (!bodyType || bodyType === Object) continue;
        for (const base of asList(Reflect.getMetadata(PATH_METADATA, type))) for (const path of asList(Reflect.getMetadata(PATH_METADATA, handler))) found.set(`${method} ${joinPath(base, path)}`, bodyType);
      }
    }
  }
  return found;
};

/** What the validation pipe answers to an empty body `{}` on this route: the route's own 400, as it is sent. */
const emptyBodyRefusal = (dto: Type<object>): object | undefined => {
  const errors = validateSync(plainToInstance(dto, {}), { whitelist: true, forbidNonWhitelisted: true, validationError: { target: false, value: false } });
  return errors.length ? validationErrorBody(errors) : undefined;
};

/**
 * Every error answer carries one body (ErrorResponseFilter's), so every 4xx/5xx response refers to one schema; a 400
 * shows the route's own refusal of an empty body, and a route without a body no body-validation example.
 */
const describeErrors = (document: OpenAPIObject, bodyTypes: Map<string, Type<object>>): void => {
  const schema = { $ref: getSchemaPath(ErrorBodyDto) };
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods as Record<string, Operation>)) {
      const responses = op.responses ?? {};
      // Class-level decorators give every operation the same response objects: each gets its own copy.
      for (const [status, response] of Object.entries(responses)) {
        if (!/^[45]\d\d$/.test(status)) continue;
        const example = status === '400' ? (bodyTypes.has(`${method} ${path}`) ? emptyBodyRefusal(bodyTypes.get(`${method} ${path}`)!) : undefined) : (response.content?.['application/json']?.example ?? (response.content?.['application/json']?.schema as { example?: unknown } | undefined)?.example);
        responses[status] = { ...response, content: { 'application/json': { schema, ...(example !== undefined ? { example } : {}) } } };
      }
    }
  }
};

/** Serves the admin API's OpenAPI document with bearer (JWT) auth declared for every operation but the public ones. */
export const setupOpenApi = (app: INestApplication, options: OpenApiOptions): OpenAPIObject => {
  const path = (options.path ?? 'docs').replace(/^\/+/, '');
  const config = new DocumentBuilder()
    .setTitle(options.title)
    .setVersion(options.version)
    .setDescription(
      options.description ??
        'Send `Authorization: Bearer <token>`. Development tokens: `npm run token -- --role casino-manager --sub alice`. Every error answers one body (`ErrorBodyDto`).',
    )
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    .addSecurityRequirements('bearer')
    .build();
  const document = SwaggerModule.createDocument(app, config, { extraModels: [ErrorBodyDto] });
  describeErrors(document, bodyTypesOf(app));
  SwaggerModule.setup(path, app, document, { jsonDocumentUrl: `${path}-json`, ui: serveableUi(app) });
  return document;
};

// Under Fastify the UI's files need @fastify/static, which the platform does not depend on while Express is
// its adapter: without it only the JSON document is served.
const serveableUi = (app: INestApplication): boolean => {
  if (app.getHttpAdapter().getType() !== 'fastify') return true;
  try {
    require.resolve('@fastify/static');
    return true;
  } catch {
    return false;
  }
};
