import { describe, expect, it } from '@jest/globals';
import { linkify } from './linkify.js';

describe('linkify', () => {
  it('keeps text without links as it is', () => {
    expect(linkify('Bonjour Claire,\nà bientôt.')).toEqual([
      { kind: 'text', text: 'Bonjour Claire,\nà bientôt.' },
    ]);
    expect(linkify('')).toEqual([]);
  });

  it('finds links with their query string', () => {
    const url =
      'https://coseso.fr/auth/set-password?token=abc_DEF-123&order=0b6f1c1e-3b7a-4c1e-9a51-0c9b1f0e2a77';
    expect(linkify(`Choisir mon mot de passe : ${url}\nMerci`)).toEqual([
      { kind: 'text', text: 'Choisir mon mot de passe : ' },
      { kind: 'link', url },
      { kind: 'text', text: '\nMerci' },
    ]);
  });

  it('leaves the punctuation that ends a sentence out of the link', () => {
    expect(linkify('Voir http://localhost:3200/dashboard.')).toEqual([
      { kind: 'text', text: 'Voir ' },
      { kind: 'link', url: 'http://localhost:3200/dashboard' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('finds several links', () => {
    expect(linkify('(https://a.fr) et https://b.fr')).toEqual([
      { kind: 'text', text: '(' },
      { kind: 'link', url: 'https://a.fr' },
      { kind: 'text', text: ') et ' },
      { kind: 'link', url: 'https://b.fr' },
    ]);
  });
});
