import { describe, expect, it } from '@jest/globals';
import { versionDifferences } from '@/lib/version-diff';
import { identityFormProblems, formValuesOf, identityVersionFields } from './identity-fields.js';

const identity = {
  name: 'Coseso',
  legalForm: 'SAS',
  street: '12 rue des Artisans',
  postcode: '69002',
  city: 'Lyon',
  siret: '84215370200019',
  rcsCity: 'Lyon',
  vatNumber: 'FR88842153702',
  shareCapitalEuros: 10_000,
  email: 'facturation@coseso.fr',
  iban: 'FR7630006000011234567890189',
};

describe('the identity’s fields in the back-office', () => {
  it('lists each changed field once, in the earlier version’s order, before → after', () => {
    const moved = { ...identity, city: 'Paris', siret: '55210055400013', shareCapitalEuros: 20_000 };
    expect(versionDifferences(identity, moved, identityVersionFields)).toEqual([
      { path: 'city', label: 'Ville', before: 'Lyon', after: 'Paris' },
      { path: 'siret', label: 'SIRET du siège', before: '84215370200019', after: '55210055400013' },
      {
        path: 'shareCapitalEuros',
        label: 'Capital social (€)',
        before: `${new Intl.NumberFormat('fr-FR').format(10_000)} €`,
        after: `${new Intl.NumberFormat('fr-FR').format(20_000)} €`,
      },
    ]);
  });

  it('are checked by the domain’s rules, spaces in the SIRET allowed, and a reason is asked for', () => {
    const values = { ...formValuesOf(identity), siret: '842 153 702 00019' };
    expect(identityFormProblems(values)).toEqual({ reason: 'Indiquez la raison du changement.' });
    expect(identityFormProblems({ ...values, siret: '84215370200018', reason: 'Typo' })).toEqual({
      siret:
        "Ce SIRET n'existe pas : un chiffre est probablement mal saisi (sa clé de contrôle ne correspond pas).",
    });
    expect(identityFormProblems({ ...values, shareCapitalEuros: 'dix', reason: 'Typo' })).toEqual({
      shareCapitalEuros: 'Le capital social est un nombre entier d’euros, de 0 à 1 milliard.',
    });
  });
});
