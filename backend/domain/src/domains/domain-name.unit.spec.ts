import { parseDomainName } from './domain-name.js';

describe('parseDomainName', () => {
  it.each([
    ['boulangerie-martin.fr', 'boulangerie-martin.fr', 1_500],
    ['  Boulangerie-Martin.COM ', 'boulangerie-martin.com', 1_800],
    ['https://www.martin.org/accueil', 'martin.org', 1_600],
  ])('reads %j as %s, priced per year', (input, domain, price) => {
    expect(parseDomainName(input)).toMatchObject({ domain, price });
  });

  it('prices the extension at the grid it is given: a catalogue version’s', () => {
    const prices = { '.fr': 1_700, '.com': 1_800, '.org': 1_600, '.net': 1_800, '.eu': 1_400, '.be': 1_200 };
    expect(parseDomainName('martin.eu', prices)).toMatchObject({ domain: 'martin.eu', price: 1_400 });
  });

  it.each([
    ['', /complet/],
    ['martin', /complet/],
    ['martin.io', /Extension non proposée/],
    ['-martin.fr', /invalide/],
    ['martin-.fr', /invalide/],
    ['boulangère.fr', /invalide/],
    ['a'.repeat(64) + '.fr', /invalide/],
    ['sous.domaine.fr', /Extension non proposée/],
  ])('refuses %j with a French reason', (input, reason) => {
    const result = parseDomainName(input);
    expect('error' in result && result.error).toMatch(reason);
  });
});
