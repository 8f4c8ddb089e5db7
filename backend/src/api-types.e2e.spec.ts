// The SPA's types of the API's answers are generated from the API's own OpenAPI document
// (openapi-typescript), and committed: this spec fails when they no longer match the document.
// UPDATE_API_TYPES=1 writes them again.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { COMMENT_HEADER, astToString } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';
import { type TestApp, startTestApp } from './testing/test-app.js';

const GENERATED = fileURLToPath(new URL('../../frontend/src/lib/api-types.gen.ts', import.meta.url));

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function generatedTypes(): Promise<string> {
  const document = (await t.http.get('/api/docs.json').expect(200)).body as object;
  const source = COMMENT_HEADER + astToString(await openapiTS(document as never, { exportType: true }));
  return format(source, { ...(await resolveConfig(GENERATED)), filepath: GENERATED });
}

it("the SPA's API types are those of the API's document (UPDATE_API_TYPES=1 writes them)", async () => {
  const expected = await generatedTypes();
  if (process.env['UPDATE_API_TYPES'] === '1') await writeFile(GENERATED, expected);
  expect(await readFile(GENERATED, 'utf8').catch(() => '')).toBe(expected);
}, 240_000);
