import { applyDecorators, HttpStatus, RequestMethod, type Type } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { ApiExtraModels, ApiProduces, ApiProperty, ApiResponse, getSchemaPath } from '@nestjs/swagger';

/** What every command answers beside its view: the events it recorded and whether it was a retry. */
export class RecordedEventsDto {
  @ApiProperty({
    description: 'The events the command recorded, in order, each with the clause it rests on (none when it was refused, which answers an error instead)',
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    example: [{ type: 'EntriesGranted', patronId: 'P-1001', count: 2, clause: 'Star 2024 16.7.3' }],
  })
  events!: object[];
  @ApiProperty({ example: false, description: 'true: this Idempotency-Key was seen before; the first outcome is returned and nothing was recorded again' }) duplicate!: boolean;
}

/** The status a route answers on success: its @HttpCode, else 201 for POST and 200 for the rest (as Nest does). */
const successStatus = (handler: object): number => {
  const code = Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined;
  if (code !== undefined) return code;
  const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
  if (method === undefined) throw new Error('@ApiRecorded reads the route\'s status: put it above @Post/@Put and @HttpCode.');
  return method === RequestMethod.POST ? HttpStatus.CREATED : HttpStatus.OK;
};

/**
 * The success answer of a command: `view` (the aggregate as its read answers it) with the events recorded and the
 * duplicate flag, under the status the route answers. One decorator for every service's commands; put it above the
 * route's @Post/@Put and @HttpCode so it sees them, or name the status.
 */
export const ApiRecorded = (view: Type<unknown> | undefined, description: string, status?: number): MethodDecorator => (target, key, descriptor) => {
  status ??= successStatus(descriptor.value as object);
  const recorded = { $ref: getSchemaPath(RecordedEventsDto) };
  return applyDecorators(
    ApiExtraModels(RecordedEventsDto, ...(view ? [view] : [])),
    ApiResponse({ status, description, schema: view ? { allOf: [{ $ref: getSchemaPath(view) }, recorded] } : recorded }),
  )(target, key, descriptor);
};

/**
 * A JSON answer documented by its description (which names the fields) and an example of its shape: for reads
 * whose rows are read-model records rather than a DTO.
 */
export const ApiJson = (description: string, example: object, status = 200) => ApiResponse({ status, description, schema: jsonSchema(example) });

const jsonSchema = (example: object) =>
  Array.isArray(example) ? { type: 'array' as const, items: { type: 'object' as const, additionalProperties: true }, example } : { type: 'object' as const, additionalProperties: true, example };

/** A read answering JSON, or with `format=csv` the same rows as CSV. */
export const ApiJsonOrCsv = (description: string, example: object) =>
  applyDecorators(
    ApiProduces('application/json', 'text/csv'),
    ApiResponse({ status: 200, description: `${description}. With format=csv: the same rows as text/csv`, content: { 'application/json': { schema: jsonSchema(example) }, 'text/csv': { schema: { type: 'string' } } } }),
  );

const FILE_TYPES = { csv: 'text/csv', pdf: 'application/pdf' } as const;

/** A download (a report as CSV or PDF): its media type and a body of that type. */
export const ApiFile = (kind: keyof typeof FILE_TYPES, description: string) =>
  applyDecorators(ApiProduces(FILE_TYPES[kind]), ApiResponse({ status: 200, description, content: { [FILE_TYPES[kind]]: { schema: { type: 'string', format: 'binary' } } } }));

/** Server-Sent Events: each `data:` line is one JSON message as described. */
export const ApiEventStream = (description: string) =>
  applyDecorators(ApiProduces('text/event-stream'), ApiResponse({ status: 200, description, content: { 'text/event-stream': { schema: { type: 'string', description: 'event: / data: lines, one JSON object per data line' } } } }));
