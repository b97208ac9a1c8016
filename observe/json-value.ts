/** A JSON object as parsed: readers and judges read the members of what was sent, never trusting its shape. */
export type JsonObject = Record<string, unknown>;

/** An object, neither null nor an array: what the spec's bodies and their members are. */
export function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What JSON.parse makes of `text`: `parsed` where the caller has it already, undefined when it is not JSON. */
export function parsedJson(text: string, parsed?: { value: unknown }): { value: unknown } | undefined {
  if (parsed) return parsed;
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}
