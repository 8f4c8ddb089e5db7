import { z } from 'zod';
import { allEventVersions, eventCatalog } from './catalog.js';
import { eventMetadataSchema } from './envelope.js';
import {
  ERASED,
  erasePersonalFields,
  mapPaths,
  personalDataPaths,
  personalFields,
  personalMetadataFields,
} from './personal-fields.js';

/** The schema at `path` of an object schema, through optional and nullable wrappers; undefined when absent. */
function schemaAt(schema: z.ZodType, path: readonly string[]): z.ZodType | undefined {
  let current: z.ZodType | undefined = schema;
  for (const key of path) {
    current = unwrap(current!);
    if (!(current instanceof z.ZodObject)) return undefined;
    current = (current.shape as Record<string, z.ZodType>)[key];
    if (!current) return undefined;
  }
  return current && unwrap(current);
}

function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodNullable) s = s.unwrap() as z.ZodType;
  return s;
}

describe('the declaration of personal fields', () => {
  it('has an entry, possibly empty, for every event type of the catalogue, and for no other', () => {
    expect(Object.keys(personalFields).sort()).toEqual([...new Set(eventCatalog.map((d) => d.type))].sort());
  });

  it.each(allEventVersions.map((d) => [`${d.type} v${d.schemaVersion}`, d] as const))(
    '%s: every declared path is a string field of its schema',
    (_, definition) => {
      for (const path of personalDataPaths(definition.type) ?? [])
        expect([path, schemaAt(definition.data, path.split('.'))]).toEqual([path, expect.any(z.ZodString)]);
    },
  );

  it('covers the string fields of the metadata it names', () => {
    for (const field of personalMetadataFields)
      expect(schemaAt(eventMetadataSchema, [field])).toBeInstanceOf(z.ZodString);
  });

  it('names the contact and the company in the wizard, but not its options', () => {
    expect(personalFields.WizardStepSaved).toEqual(
      expect.arrayContaining(['changes.contactEmail', 'changes.contactPhone', 'changes.companyId']),
    );
    expect(personalFields.WizardStepSaved).not.toContain('changes.selectedTemplate');
  });
});

describe('erasing the personal fields of an event', () => {
  const event = {
    type: 'WizardStepSaved',
    data: {
      currentStep: 2,
      changes: { contactEmail: 'a@b.fr', companySector: 'Boulangerie', companyId: '' },
    },
    metadata: { actor: { kind: 'visitor', id: 'v' }, ip: '203.0.113.9' },
  };

  it('replaces every present personal string, empty ones included, and nothing else', () => {
    expect(erasePersonalFields(event)).toEqual({
      ...event,
      data: {
        currentStep: 2,
        changes: { contactEmail: ERASED, companySector: 'Boulangerie', companyId: ERASED },
      },
      metadata: { actor: { kind: 'visitor', id: 'v' }, ip: ERASED },
    });
  });

  it('leaves null and absent fields, and copies nothing it does not change', () => {
    const data = { reason: null, subscriptionId: 'sub', expiresAt: '2026-12-01T00:00:00.000Z' };
    expect(mapPaths(data, ['reason', 'missing.deep'], () => ERASED)).toBe(data);
  });
});
