import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';

export interface OpenApiOptions {
  readonly title: string;
  readonly version: string;
  readonly description?: string;
  /** Where the UI is served (default `docs`); the JSON document is at `<path>-json`. */
  readonly path?: string;
}

/** Serves the admin API's OpenAPI document with bearer (JWT) auth declared for every operation. */
export const setupOpenApi = (app: INestApplication, options: OpenApiOptions): OpenAPIObject => {
  const path = (options.path ?? 'docs').replace(/^\/+/, '');
  const config = new DocumentBuilder()
    .setTitle(options.title)
    .setVersion(options.version)
    .setDescription(
      options.description ??
        'Send `Authorization: Bearer <token>`. Development tokens: `npm run token -- --role casino-manager --sub alice`.',
    )
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    .addSecurityRequirements('bearer')
    .build();
  const document = SwaggerModule.createDocument(app, config);
  SwaggerModule.setup(path, app, document, { jsonDocumentUrl: `${path}-json` });
  return document;
};
