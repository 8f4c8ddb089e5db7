import { applyCatalogueChanges } from '@coseso/domain/catalogue/catalogue-decider';
import { firstCatalogueGrid } from '@coseso/domain/catalogue/first-version';
import { describe, expect, it } from '@jest/globals';
import { versionDifferences } from '@/lib/version-diff';
import { catalogueVersionFields, versionPublication, versionSince } from './catalogue-labels.js';

describe('the difference between two catalogue versions', () => {
  it('names a catalogue change as the back-office does, amounts HT', () => {
    const v1 = firstCatalogueGrid();
    const v2 = applyCatalogueChanges(v1, [
      { kind: 'templatePrice', template: 'onepage', monthlyBaseHT: 3_200 },
      { kind: 'domainPrice', extension: '.fr', priceHT: 1_800 },
      { kind: 'vatRate', percent: 21 },
    ]);
    const rows = versionDifferences(v1, v2, catalogueVersionFields(v2)).map((d) =>
      `${d.label} : ${d.before} → ${d.after}`.replace(/\s/g, ' '),
    );
    expect(rows).toEqual([
      'Taux de TVA : 20 % → 21 %',
      `${v2.templates.onepage.recapLabel} : base mensuelle : 29 € HT → 32 € HT`,
      expect.stringMatching(/^Domaine \.fr : [\d,]+ € HT par an → 18 € HT par an$/),
    ]);
  });
});

describe('from when a version prices', () => {
  // As the API answers version 1 before the log records it: no date, never 1 January 1970.
  const unseeded = {
    version: 1,
    effectiveFrom: null,
    publishedAt: null,
    publishedBy: 'Le système',
    reason: 'Grille d’origine, reprise du code',
  };

  it('says version 1 is the initial grid, never the epoch', () => {
    expect(versionSince(unseeded)).toBe('version initiale, en vigueur dès l’ouverture des commandes');
    expect(versionPublication(unseeded)).toBe(
      'Reprise du code, enregistrée au journal à la première publication : « Grille d’origine, reprise du code »',
    );
    expect(`${versionSince(unseeded)} ${versionPublication(unseeded)}`).not.toMatch(/1970/);
  });

  it('dates a later version, and version 1 once the log holds it', () => {
    const seeded = {
      ...unseeded,
      effectiveFrom: '2026-12-07T10:00:00Z',
      publishedAt: '2026-12-07T10:00:00Z',
    };
    expect(versionSince(seeded)).toBe('version initiale, en vigueur dès l’ouverture des commandes');
    expect(versionPublication(seeded)).toMatch(/^Publiée le 7 décembre 2026 à 11:00 par Le système : « /);
    expect(versionSince({ version: 2, effectiveFrom: '2030-01-01T00:00:00+01:00' })).toBe(
      'en vigueur le 1 janvier 2030 à 00:00',
    );
  });
});
