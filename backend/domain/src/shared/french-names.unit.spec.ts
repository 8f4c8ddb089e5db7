import { ofName, ofNameText } from './french-names.js';

describe('« de » before a company name', () => {
  it.each([
    ['Boulangerie Martin', 'de Boulangerie Martin'],
    ['Le Fournil de Léa', 'du Fournil de Léa'],
    ['LE FOURNIL', 'du FOURNIL'],
    ['Les Jardins du Lac', 'des Jardins du Lac'],
    ['La Table d’Anna', 'de La Table d’Anna'],
    ["L'Atelier", "de L'Atelier"],
    ['L’Écrin', 'de L’Écrin'],
    ['Atelier Lumière', "d'Atelier Lumière"],
    ['Écoute & Vous', "d'Écoute & Vous"],
    ['Yoga Studio', 'de Yoga Studio'],
    ['Hôtel du Parc', 'de Hôtel du Parc'],
    ['Lemaire Conseil', 'de Lemaire Conseil'],
    ['Lesage', 'de Lesage'],
    ['  Le Comptoir  ', 'du Comptoir'],
    ['Le', 'de Le'],
  ])('%j → %j', (name, expected) => {
    expect(ofNameText(name)).toBe(expected);
  });

  it('gives the preposition and the name apart, for a name set in bold', () => {
    expect(ofName('Le Fournil')).toEqual({ preposition: 'du ', name: 'Fournil' });
    expect(ofName('Atelier Lumière')).toEqual({ preposition: "d'", name: 'Atelier Lumière' });
  });
});
