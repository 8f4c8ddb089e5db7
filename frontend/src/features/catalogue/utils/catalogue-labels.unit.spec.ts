import { applyCatalogueChanges } from '@coseso/domain/catalogue/catalogue-decider';
import { firstCatalogueGrid } from '@coseso/domain/catalogue/first-version';
import { describe, expect, it } from '@jest/globals';
import { versionDifferences } from '@/lib/version-diff';
import { catalogueVersionFields } from './catalogue-labels.js';

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
