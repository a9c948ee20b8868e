/**
 * JSON Schemas of the integration events, derived from the TypeScript contracts (libs/contracts/src/
 * <service>.events.ts) with the compiler API: one schema per member of the file's exported
 * `<Service>IntegrationEvent` union (its `data`, i.e. every field but `type`), and one per named type those
 * use. asyncapi.yaml carries them; tools/asyncapi/asyncapi.spec.ts fails when the two disagree, and
 * `npm run asyncapi -- <service>` prints the YAML to paste.
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';

export type JsonSchema = { [key: string]: unknown };

export interface ServiceContract {
  readonly service: string;
  readonly file: string;
  /** The Kafka topic the service publishes on. */
  readonly address: string;
  /** Event type → schema of its `data`, in the union's order. */
  readonly events: ReadonlyMap<string, JsonSchema>;
  /** Named types the event schemas refer to (`#/components/schemas/<name>`). */
  readonly shared: ReadonlyMap<string, JsonSchema>;
}

export const CONTRACTS_DIR = resolve(__dirname, '../../libs/contracts/src');

/** Every `<service>.events.ts` of libs/contracts: the services that publish integration events. */
export const contractFiles = (dir = CONTRACTS_DIR): { service: string; file: string }[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.events.ts'))
    .sort()
    .map((f) => ({ service: f.replace(/\.events\.ts$/, ''), file: join(dir, f) }));

const descriptionOf = (symbol: ts.Symbol, checker: ts.TypeChecker): string | undefined => {
  const text = ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
  return text ? text.replace(/\s+/g, ' ') : undefined;
};

export function serviceContract(service: string, file: string): ServiceContract {
  const program = ts.createProgram([file], { strict: true, target: ts.ScriptTarget.ES2022, noEmit: true, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`${file} could not be read as a module.`);
  const unionName = `${service.replace(/(^|-)([a-z])/g, (_, _d: string, c: string) => c.toUpperCase())}IntegrationEvent`;
  const union = checker.getExportsOfModule(moduleSymbol).find((s) => s.name === unionName && s.flags & ts.SymbolFlags.TypeAlias);
  if (!union) throw new Error(`${file} must export \`type ${unionName} = EventA | EventB | ...\`, the union of the events ${service} publishes.`);
  const unionType = checker.getDeclaredTypeOfSymbol(union);
  const members = unionType.isUnion() ? unionType.types : [unionType];

  const shared = new Map<string, JsonSchema>();
  const inProgress = new Set<string>();
  const fromContracts = (symbol: ts.Symbol | undefined): boolean => !!symbol?.declarations?.some((d) => resolve(d.getSourceFile().fileName).startsWith(CONTRACTS_DIR));

  const withoutUndefined = (type: ts.Type): ts.Type[] => (type.isUnion() ? type.types : [type]).filter((t) => !(t.flags & ts.TypeFlags.Undefined));

  const objectSchema = (type: ts.Type, omit: readonly string[] = []): JsonSchema => {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const prop of checker.getPropertiesOfType(type)) {
      if (omit.includes(prop.name)) continue;
      const declaration = prop.valueDeclaration ?? prop.declarations?.[0];
      const propType = declaration ? checker.getTypeOfSymbolAtLocation(prop, declaration) : checker.getTypeOfSymbol(prop);
      const schema = convertMembers(withoutUndefined(propType));
      const description = descriptionOf(prop, checker);
      properties[prop.name] = description ? { ...schema, description } : schema;
      if (!(prop.flags & ts.SymbolFlags.Optional)) required.push(prop.name);
    }
    const index = checker.getIndexInfoOfType(type, ts.IndexKind.String);
    const schema: JsonSchema = { type: 'object' };
    if (Object.keys(properties).length > 0) schema.properties = properties;
    if (required.length > 0) schema.required = required;
    if (index) schema.additionalProperties = convertMembers(withoutUndefined(index.type));
    return schema;
  };

  const named = (type: ts.Type): string | undefined => {
    const symbol = type.aliasSymbol ?? type.getSymbol();
    if (!symbol || symbol.name.startsWith('__') || !fromContracts(symbol)) return undefined;
    return symbol.name;
  };

  const convert = (type: ts.Type): JsonSchema => {
    if (type.flags & ts.TypeFlags.Null) return { type: 'null' };
    if (type.isStringLiteral()) return { const: type.value };
    if (type.isNumberLiteral()) return { const: type.value };
    if (type.flags & ts.TypeFlags.BooleanLiteral) return { const: (type as unknown as { intrinsicName: string }).intrinsicName === 'true' };
    if (type.flags & ts.TypeFlags.String) return { type: 'string' };
    if (type.flags & ts.TypeFlags.Number) return { type: 'number' };
    if (type.flags & ts.TypeFlags.Boolean) return { type: 'boolean' };
    if (type.isUnion()) return convertMembers(type.types);
    if (checker.isArrayType(type)) return { type: 'array', items: convert(checker.getTypeArguments(type as ts.TypeReference)[0]) };
    if (checker.isTupleType(type)) {
      const items = checker.getTypeArguments(type as ts.TypeReference).map(convert);
      return { type: 'array', prefixItems: items, minItems: items.length, maxItems: items.length };
    }
    if (type.flags & ts.TypeFlags.Object) {
      const name = named(type);
      if (!name) return objectSchema(type);
      if (!shared.has(name) && !inProgress.has(name)) {
        inProgress.add(name);
        shared.set(name, objectSchema(type));
        inProgress.delete(name);
      }
      return { $ref: `#/components/schemas/${name}` };
    }
    throw new Error(`${file}: no JSON Schema for the type ${checker.typeToString(type)}; use strings, numbers, booleans, null, literals, arrays, records and interfaces.`);
  };

  function convertMembers(types: readonly ts.Type[]): JsonSchema {
    const nullable = types.some((t) => t.flags & ts.TypeFlags.Null);
    const rest = types.filter((t) => !(t.flags & ts.TypeFlags.Null));
    let schema: JsonSchema;
    if (rest.length > 0 && rest.every((t) => t.isStringLiteral())) schema = { type: 'string', enum: rest.map((t) => (t as ts.StringLiteralType).value) };
    else if (rest.length === 2 && rest.every((t) => t.flags & ts.TypeFlags.BooleanLiteral)) schema = { type: 'boolean' };
    else if (rest.length === 1) schema = convert(rest[0]);
    else if (rest.length === 0) return { type: 'null' };
    else schema = { anyOf: rest.map(convert) };
    if (!nullable) return schema;
    if (typeof schema.type === 'string' && !schema.$ref) return { ...schema, type: [schema.type, 'null'], ...(schema.enum ? { enum: [...(schema.enum as unknown[]), null] } : {}) };
    return { anyOf: [...((schema.anyOf as JsonSchema[]) ?? [schema]), { type: 'null' }] };
  }

  const events = new Map<string, JsonSchema>();
  for (const member of members) {
    const typeProp = member.getProperty('type');
    const literal = typeProp && checker.getTypeOfSymbol(typeProp);
    if (!literal?.isStringLiteral()) throw new Error(`${file}: every member of ${unionName} needs a string literal \`type\` (${checker.typeToString(member)} has none).`);
    const symbol = member.aliasSymbol ?? member.getSymbol();
    const description = symbol && descriptionOf(symbol, checker);
    const schema = objectSchema(member, ['type']);
    events.set(literal.value, description ? { description, ...schema } : schema);
  }
  for (const type of events.keys()) {
    if (shared.has(type)) throw new Error(`${file}: the type ${type} names both an event and a type its events use; rename one.`);
  }
  return { service, file, address: `baccarat.${service}.events`, events, shared };
}

/** The asyncapi.yaml entries of one service: its channel's messages and the components they refer to. */
export function asyncApiEntries(contract: ServiceContract): { channelMessages: JsonSchema; messages: JsonSchema; schemas: JsonSchema } {
  const channelMessages: JsonSchema = {};
  const messages: JsonSchema = {};
  const schemas: JsonSchema = {};
  for (const [type, schema] of contract.events) {
    channelMessages[type] = { $ref: `#/components/messages/${type}` };
    messages[type] = {
      name: type,
      title: type,
      ...(schema.description ? { summary: schema.description } : {}),
      contentType: 'application/json',
      payload: {
        allOf: [
          { $ref: '#/components/schemas/IntegrationEventEnvelope' },
          { type: 'object', properties: { type: { const: type }, source: { const: contract.service }, data: { $ref: `#/components/schemas/${type}` } } },
        ],
      },
    };
    const { description: _description, ...data } = schema;
    schemas[type] = data;
  }
  for (const [name, schema] of contract.shared) schemas[name] = schema;
  return { channelMessages, messages, schemas };
}
