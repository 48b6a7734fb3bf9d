// A contract schema as JSON Schema 2020-12: what the OpenAPI document, the MCP tools' input
// schemas and the HTTP query-string conversion all read, converted one way.
import { z } from 'zod';

export type JsonObject = Record<string, unknown>;

/** `io`: the shape a client sends (defaults optional) or the shape an answer has. Without `$schema`, which documents embedding it do not want. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonObject {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonObject;
  return rest;
}
