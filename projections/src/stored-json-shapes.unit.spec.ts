import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { allProjectors } from './all-projectors.js';
import {
  type StoredJsonShapes,
  fingerprintOf,
  jsonColumnsOf,
  shapesOf,
} from './testing/stored-json-shapes.js';

/*
 * A read model that stores JSON (order_detail.state is the domain's whole OrderState) holds rows
 * written by the projector's code of the day. When the TypeScript type of such a column changes (a
 * field added, renamed, retyped, a status more), the rows already stored no longer have that shape:
 * the projector's `version` must move, so that the next start rebuilds the read model from the log.
 *
 * stored-json-shapes.json records, per projector with a json column, its version and the shape of
 * each json column's type (with its fingerprint). This test fails when a shape changed and the
 * version did not. To update it after a change of shape:
 *   1. bump the owning projector's `version` (projections/src/read-models/…/*.projection.ts);
 *   2. UPDATE_STORED_JSON_SHAPES=1 npm run test:jest -- projections/src/stored-json-shapes
 *      (it records the new version and shapes, and refuses while the version has not moved);
 *   3. commit the file with the change. A version bumped for another reason is recorded the same way.
 */

const RECORD = join(import.meta.dirname, 'stored-json-shapes.json');
const updating = process.env['UPDATE_STORED_JSON_SHAPES'] === '1';

const columns = jsonColumnsOf(allProjectors);
const owners = allProjectors.filter((p) => columns.some((c) => c.projector === p.name));
const recorded: Record<string, StoredJsonShapes> = existsSync(RECORD)
  ? (JSON.parse(readFileSync(RECORD, 'utf8')) as Record<string, StoredJsonShapes>)
  : {};

let current: Record<string, StoredJsonShapes>;
let refused = false;
beforeAll(() => {
  const shapes = shapesOf(columns);
  current = Object.fromEntries(
    owners.map((projector) => [
      projector.name,
      {
        version: projector.version,
        columns: Object.fromEntries(
          columns
            .filter((c) => c.projector === projector.name)
            .map((c) => {
              const shape = shapes.get(c)!;
              return [`${c.table}.${c.column}`, { fingerprint: fingerprintOf(shape), shape }];
            }),
        ),
      },
    ]),
  );
}, 120_000); // the compiler reads the entities and every type they name: seconds, more on a busy machine

afterAll(() => {
  if (updating && current && !refused) writeFileSync(RECORD, `${JSON.stringify(current, null, 2)}\n`);
});

/** Lines of the shapes in one and not in the other: enough to see what changed. */
function changedLines(before: StoredJsonShapes | undefined, now: StoredJsonShapes) {
  const lines = (s: StoredJsonShapes | undefined) =>
    Object.entries(s?.columns ?? {}).flatMap(([column, { shape }]) => shape.map((l) => `${column} ${l}`));
  const [old, young] = [lines(before), lines(now)];
  return [
    ...old.filter((l) => !young.includes(l)).map((l) => `- ${l}`),
    ...young.filter((l) => !old.includes(l)).map((l) => `+ ${l}`),
  ];
}

describe('the JSON the read models store', () => {
  it('is found in every json and jsonb column of the entities', () => {
    expect(columns.map((c) => `${c.projector}: ${c.table}.${c.column}`)).toEqual(
      expect.arrayContaining(['order-views: order_detail.state']),
    );
  });

  it.each(owners.map((p) => [p.name]))('of %s changes shape only with its projector version', (name) => {
    const before = recorded[name];
    const now = current[name]!;
    const fingerprints = (s: StoredJsonShapes | undefined) =>
      Object.fromEntries(Object.entries(s?.columns ?? {}).map(([c, { fingerprint }]) => [c, fingerprint]));
    const shapeMoved = JSON.stringify(fingerprints(before)) !== JSON.stringify(fingerprints(now));
    if (before && shapeMoved && before.version === now.version) {
      refused = true;
      throw new Error(
        `The JSON that ${name} stores changed shape, and its version is still ${now.version}: rows ` +
          `already stored keep the old shape. Bump the projector's version to ${now.version + 1} (a ` +
          `rebuild at the next start), then record it: UPDATE_STORED_JSON_SHAPES=1 npm run test:jest ` +
          `-- projections/src/stored-json-shapes\n${changedLines(before, now).join('\n')}`,
      );
    }
    if (updating) return;
    if (JSON.stringify(before) !== JSON.stringify(now))
      throw new Error(
        `${RECORD} is not up to date for ${name} (version ${before?.version ?? 'none'} recorded, ` +
          `${now.version} now): record it with UPDATE_STORED_JSON_SHAPES=1 npm run test:jest -- ` +
          `projections/src/stored-json-shapes\n${changedLines(before, now).join('\n')}`,
      );
  });
});
