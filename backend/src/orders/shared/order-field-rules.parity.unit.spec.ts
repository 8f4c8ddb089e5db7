import 'reflect-metadata';
import {
  type FieldRule,
  type RuleMode,
  hostingFieldRules,
  orderFieldRules,
  ruleIn,
} from '@coseso/domain/orders/order-field-rules';
import { fieldProblems } from '@coseso/domain/orders/order-field-rules.zod';
import { ApiError } from '../../infra/http/api-errors.js';
import { RequestValidationPipe } from '../../infra/http/validation.js';
import { CompleteOrderRequestDto } from '../complete-order/complete-order.request.dto.js';
import { SaveProgressRequestDto } from '../save-progress/save-progress.request.dto.js';

// The API's DTOs and the SPA's schemas are both built from the rule table: fed the same input,
// they must accept and refuse alike, with the same French message for the same field.

const validForm = {
  companyName: 'Boulangerie Martin',
  companySector: 'Boulangerie',
  companyAddress: '12 rue des Lilas, 75012 Paris',
  companyId: '732 829 320',
  companyDescription: 'Pain au levain',
  contactFirstName: 'Claire',
  contactLastName: 'Martin',
  contactPosition: 'Gérante',
  contactEmail: 'claire@boulangerie-martin.fr',
  contactPhone: '06 12 34 56 78',
  socialMedia: 'instagram.com/boulangerie',
  creationOption: 'wordpress',
  selectedTemplate: 'onepage',
  selectedStyle: 'white',
  fontFamily: 'classic',
  primaryColor: '#3b82f6',
  secondaryColor: '#10b981',
  inspirationUrl: 'exemple.fr',
  customInspiration: 'Sobre',
  logoOption: 'ai',
  contentOption: 'client',
  billingPeriod: 'yearly',
  clientRemarks: '',
  pages: 'Accueil, Contact',
  hostingOptions: {
    hostingType: 'included',
    dnsType: 'new',
    newDomainName: 'martin',
    domainExtension: '.fr',
  },
};

/** Values each format accepts and refuses, beyond the shape checks every field gets. */
const formatSamples: Record<string, { valid: string[]; invalid: string[] }> = {
  companyId: { valid: ['732829320', '732 829 320 00074'], invalid: ['12345', 'SIREN'] },
  contactEmail: {
    valid: ['a.b@c.fr', 'contact@xn--crperie-bretonne-gsb.fr'],
    invalid: ['claire@martin', 'claire martin@x.fr', 'contact.x@crêperie-bretonne.fr', 'a..b@x.fr'],
  },
  contactPhone: {
    valid: ['0612345678', '06.12.34.56.78', '+33 6 12 34 56 78', '0044 20 7946 0958'],
    invalid: ['abc', '12', '06 12 34', '+33 abc'],
  },
  inspirationUrl: {
    valid: ['https://exemple.fr/page', 'exemple.fr'],
    invalid: ['pas une adresse', 'ftp:/x'],
  },
  primaryColor: { valid: ['#ABCDEF'], invalid: ['rouge', '#abc', ''] },
  secondaryColor: { valid: ['#000000'], invalid: ['bleu'] },
};

type Case = [label: string, path: string, value: unknown];

/** For one field: valid values and, for each of its rules, a value that breaks it (or its absence). */
function casesOf(path: string, declared: FieldRule, mode: RuleMode): Case[] {
  const rule = ruleIn(declared, mode);
  const field = path.split('.').at(-1)!;
  const cases: Case[] = [
    ['a wrong type', path, 42],
    ['null', path, null],
    ['absent', path, undefined],
  ];
  if (rule.kind === 'choice') {
    cases.push(['an unknown choice', path, 'inconnu']);
    for (const value of rule.values) cases.push([`the choice ${value}`, path, value]);
  } else {
    cases.push(['too long', path, 'x'.repeat(rule.maxLength + 1)]);
    cases.push(['blank', path, '   ']);
    for (const value of formatSamples[field]?.valid ?? [])
      cases.push([`valid ${JSON.stringify(value)}`, path, value]);
    for (const value of formatSamples[field]?.invalid ?? [])
      cases.push([`invalid ${JSON.stringify(value)}`, path, value]);
  }
  return cases;
}

const withValue = (path: string, value: unknown) => {
  const form = structuredClone(validForm) as Record<string, unknown>;
  const [first, second] = path.split('.') as [string, string | undefined];
  const target = second ? (form[first] as Record<string, unknown>) : form;
  const key = second ?? first;
  if (value === undefined) delete target[key];
  else target[key] = value;
  return form;
};

const pipe = new RequestValidationPipe();
const dtos = { completion: CompleteOrderRequestDto, draft: SaveProgressRequestDto };

async function dtoProblems(input: object, mode: RuleMode): Promise<Record<string, string>> {
  try {
    await pipe.transform(structuredClone(input), { type: 'body', metatype: dtos[mode] });
    return {};
  } catch (error) {
    if (error instanceof ApiError) return error.fields ?? {};
    throw error;
  }
}

const allRules = [
  ...Object.entries(orderFieldRules),
  ...Object.entries(hostingFieldRules).map(([name, rule]) => [`hostingOptions.${name}`, rule] as const),
] as [string, FieldRule][];

describe.each<RuleMode>(['completion', 'draft'])('the %s rules: DTO and SPA schema agree', (mode) => {
  test('a valid form passes both', async () => {
    expect(await dtoProblems(validForm, mode)).toEqual({});
    expect(fieldProblems(validForm, mode)).toEqual({});
  });

  const cases = allRules.flatMap(([path, rule]) => casesOf(path, rule, mode));
  test.each(cases)('%s for %s: same verdict, same message', async (_, path, value) => {
    const input = withValue(path, value);
    const fromDto = (await dtoProblems(input, mode))[path];
    const fromSchema = fieldProblems(input, mode)[path];
    expect({ path, message: fromDto }).toEqual({ path, message: fromSchema });
  });

  test('the cases do refuse: every rule of the table is broken by one of them', async () => {
    const refused = new Set<string>();
    for (const [, path, value] of cases)
      if ((await dtoProblems(withValue(path, value), mode))[path]) refused.add(path);
    expect([...refused].sort()).toEqual(allRules.map(([path]) => path).sort());
  });
});

test('the phone rule refuses what is not a phone number, in French', async () => {
  const input = withValue('contactPhone', 'abc');
  expect((await dtoProblems(input, 'completion'))['contactPhone']).toBe('Numéro de téléphone invalide');
  expect(fieldProblems(input, 'completion')['contactPhone']).toBe('Numéro de téléphone invalide');
});
