import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseProjectWrite } from '../domain/project-fields.js';
import { parseSystemTemperatures } from '../domain/results-query.js';
import { parseRoomPatch } from '../domain/room-fields.js';
import { ApiError } from '../http/api-error.js';
import { buildOpenApiDocument } from './document.js';

/**
 * The OpenAPI document must not be looser than the server: a value a request generator draws from
 * a numeric field's schema (its number branch with the range, its text branch with the pattern) is
 * one the field rules accept, and numbers outside the range are refused by both.
 */

type Schema = Record<string, unknown>;

const doc = buildOpenApiDocument();
const schemas = doc.components.schemas as Record<string, Schema>;
const propertiesOf = (schema: Schema | undefined): Record<string, Schema> => (schema?.properties ?? {}) as Record<string, Schema>;

const projectFields = propertiesOf(propertiesOf(schemas.ProjectWriteBody).projectData);
const roomFields = propertiesOf(propertiesOf(schemas.RoomPatchBody).roomData);

/** The JSON Schema keywords the document uses on field values, evaluated as a validator would. */
function admits(schema: Schema, value: unknown): boolean {
  if (Array.isArray(schema.anyOf) && !(schema.anyOf as Schema[]).some((branch) => admits(branch, value))) return false;
  if (Array.isArray(schema.allOf) && !(schema.allOf as Schema[]).every((branch) => admits(branch, value))) return false;
  if (schema.not !== undefined && admits(schema.not as Schema, value)) return false;
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) return false;
  if ('const' in schema && schema.const !== value) return false;
  switch (schema.type) {
    case undefined:
      break;
    case 'null':
      return value === null;
    case 'integer':
      if (!Number.isInteger(value)) return false;
      break;
    case 'number':
      if (typeof value !== 'number') return false;
      break;
    case 'string':
      if (typeof value !== 'string') return false;
      break;
    default:
      throw new Error(`type ${String(schema.type)} is not evaluated here`);
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) return false;
    if (typeof schema.maximum === 'number' && value > schema.maximum) return false;
    if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) return false;
    if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum) return false;
  }
  if (typeof value === 'string') {
    if (typeof schema.maxLength === 'number' && [...value].length > schema.maxLength) return false;
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) return false;
  }
  return true;
}

const branches = (field: Schema): Schema[] => (field.anyOf as Schema[] | undefined) ?? [field];
const numberBranch = (field: Schema) => branches(field).find((b) => b.type === 'number' || b.type === 'integer');
const patternBranch = (field: Schema) => branches(field).find((b) => b.type === 'string' && typeof b.pattern === 'string');

/** Numbers a generator draws from a number branch: the range with its bounds, integers where asked. */
function numbersOf(branch: Schema): fc.Arbitrary<number> {
  const min = (branch.minimum ?? branch.exclusiveMinimum) as number;
  const max = (branch.maximum ?? branch.exclusiveMaximum) as number;
  const drawn = branch.type === 'integer' ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return drawn.filter((n) => admits(branch, n));
}

function accepted(parse: () => unknown): boolean {
  try {
    parse();
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 422) return false;
    throw err;
  }
}

interface NumericField {
  name: string;
  schema: Schema;
  accepts: (value: unknown) => boolean;
}

const NUMERIC_PROJECT_FIELDS = ['projektBewohner', 'projektJahresverbrauch', 'projektBaujahr', 'projektKollektorflaecheSolar', 'projektJahresverbrauchHolz'];
const NUMERIC_ROOM_FIELDS = ['raumFlaeche', 'raumHoehe'];

const numericFields: NumericField[] = [
  ...NUMERIC_PROJECT_FIELDS.map((name) => ({
    name,
    schema: projectFields[name] as Schema,
    accepts: (value: unknown) => accepted(() => parseProjectWrite({ projectData: { [name]: value } })),
  })),
  ...NUMERIC_ROOM_FIELDS.map((name) => ({
    name,
    schema: roomFields[name] as Schema,
    accepts: (value: unknown) => accepted(() => parseRoomPatch({ roomData: { [name]: value } })),
  })),
];

describe('OpenAPI numeric fields are no looser than the field rules', () => {
  it('every numeric field has a number branch with a range and a text branch with a pattern', () => {
    for (const field of numericFields) {
      expect(field.schema, field.name).toBeDefined();
      const number = numberBranch(field.schema);
      expect(number?.maximum, `${field.name}: maximum`).toBeTypeOf('number');
      expect(number?.minimum ?? number?.exclusiveMinimum, `${field.name}: minimum`).toBeTypeOf('number');
      expect(patternBranch(field.schema)?.maxLength, `${field.name}: maxLength`).toBe(32);
    }
  });

  it.each(numericFields.map((f) => [f.name, f] as const))('%s: numbers drawn from the number branch are accepted', (_name, field) => {
    fc.assert(fc.property(numbersOf(numberBranch(field.schema) as Schema), (n) => field.accepts(n)), { numRuns: 500 });
  });

  it.each(numericFields.map((f) => [f.name, f] as const))('%s: text drawn from the pattern is accepted', (_name, field) => {
    const branch = patternBranch(field.schema) as Schema;
    const text = fc.stringMatching(new RegExp(branch.pattern as string)).filter((s) => admits(branch, s));
    fc.assert(fc.property(text, (s) => field.accepts(s)), { numRuns: 500 });
  });

  it.each(numericFields.map((f) => [f.name, f] as const))('%s: numbers outside the range are refused by the document and the server, as numbers and as text', (_name, field) => {
    const number = numberBranch(field.schema) as Schema;
    const min = (number.minimum ?? number.exclusiveMinimum) as number;
    const max = number.maximum as number;
    const outside = fc.oneof(
      fc.double({ max: min, noNaN: true, noDefaultInfinity: true }).filter((n) => n < min || (number.exclusiveMinimum === n && n === min)),
      fc.double({ min: max, noNaN: true, noDefaultInfinity: true }).filter((n) => n > max),
      fc.integer({ min: -100000, max: -1 }),
    );
    fc.assert(
      fc.property(outside, (n) => {
        expect(admits(field.schema, n), `document admits ${n}`).toBe(false);
        expect(field.accepts(n), `server accepts ${n}`).toBe(false);
        // Rounding to two places can bring a number back into the range; only texts still outside count.
        for (const text of [String(n), n.toFixed(2)].filter((t) => !admits(number, Number(t)))) {
          expect(admits(field.schema, text), `document admits '${text}'`).toBe(false);
          expect(field.accepts(text), `server accepts '${text}'`).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the building year pattern admits no sign, the area and height patterns no zero', () => {
    const year = patternBranch(projectFields.projektBaujahr as Schema) as Schema;
    for (const text of ['-5', '-1975', '999', '2101', '1975.5']) expect(admits(year, text), text).toBe(false);
    for (const name of NUMERIC_ROOM_FIELDS) {
      const branch = patternBranch(roomFields[name] as Schema) as Schema;
      for (const text of ['0', '0.0', '0,000', '00', '-1']) expect(admits(branch, text), `${name} '${text}'`).toBe(false);
    }
  });
});

describe('OpenAPI results parameters are no looser than the server', () => {
  const parameters = doc.components.parameters as Record<string, { schema: Schema }>;
  const flowSchema = parameters.FlowTemperature?.schema as Schema;
  const spreadSchema = parameters.Spread?.schema as Schema;
  const accepts = (query: Record<string, string>) => accepted(() => parseSystemTemperatures(query));

  it('flow temperatures drawn from the schema are accepted (with a spread every flow temperature admits)', () => {
    fc.assert(fc.property(numbersOf(flowSchema), (n) => accepts({ flowTemperature: String(n), spread: '5' }) && accepts({ vorlaufT: String(n), spreizung: '5' })), { numRuns: 500 });
  });

  it('spreads drawn from the schema are accepted with the highest flow temperature', () => {
    fc.assert(fc.property(numbersOf(spreadSchema), (n) => accepts({ flowTemperature: '95', spread: String(n) })), { numRuns: 500 });
  });

  it('values outside the schemas are refused', () => {
    for (const n of [24.9, 95.1, -5, 0]) {
      expect(admits(flowSchema, n)).toBe(false);
      expect(accepts({ flowTemperature: String(n), spread: '5' })).toBe(false);
    }
    for (const n of [0, -5e-324, -1, 95, 96]) {
      expect(admits(spreadSchema, n)).toBe(false);
      expect(accepts({ flowTemperature: '95', spread: String(n) })).toBe(false);
    }
  });
});
