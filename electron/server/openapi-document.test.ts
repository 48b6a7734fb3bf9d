// /api/openapi.json as a client's tooling reads it, from a real `cairn serve` with tokens: valid
// OpenAPI 3.1 (checked by a maintained validator of the specification's own JSON Schema), with a
// server to send requests to, a license, and one operationId per operation.
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { BUILDER_TOKEN, bearer, cairnEnv, startServe, type Served } from '../engine/testing/cairn-process.ts';

let fx: Fixture;
let server: Served;
let doc: any;

beforeAll(async () => {
  fx = makeFixture({ 'a.md': '# A\n' });
  server = await startServe(['--no-watch', '--db', fx.db, fx.root], cairnEnv(fx.dir, { CAIRN_TOKENS: `${BUILDER_TOKEN}=builder` }));
  doc = await (await fetch(new URL('api/openapi.json', server.url), { headers: bearer(BUILDER_TOKEN) })).json();
});

afterAll(async () => {
  await server?.stop();
  fx?.cleanup();
});

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('names a server (relative: this one, under whatever name it was reached) and a license', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(doc.info.license).toEqual(expect.objectContaining({ name: 'MIT', identifier: 'MIT' }));
  });

  it('gives every operation its own operationId, and a request body where it takes one', () => {
    const ops = Object.values(doc.paths as Record<string, Record<string, any>>).flatMap((p) => Object.values(p));
    const ids = ops.map((op) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/writePage'].post.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/writePage.request');
    expect(doc.components.schemas['writePage.request'].required).toEqual(expect.arrayContaining(['key', 'actor']));
  });
});
