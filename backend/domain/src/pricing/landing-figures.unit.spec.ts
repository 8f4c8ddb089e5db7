import { describe, expect, it } from '@jest/globals';
import { formatEuros, formatEurosTTC } from './format-euros.js';
import { fillLandingFigures, landingFigures, landingFigureTokens } from './landing-figures.js';
import { FIRST_PRICE_GRID } from './pricing-grid.js';
import { LANDING_PRICE_CARDS, LANDING_SIMULATION } from './pricing-plans.js';

const euros = (cents: number) => formatEuros(cents, { decimals: 'auto' });

describe("the landing page's figures, at a catalogue version", () => {
  it('are, at the first grid, the cards and the simulation the landing page showed from code', () => {
    const figures = landingFigures(FIRST_PRICE_GRID, 1);
    expect(
      figures.cards.map(({ label, annualHT, monthlyHT, setupFeeHT }) => [
        label,
        annualHT,
        monthlyHT,
        setupFeeHT,
      ]),
    ).toEqual(
      LANDING_PRICE_CARDS.map((card) => [
        card.label,
        euros(card.annualHT),
        euros(card.monthlyHT),
        euros(card.setupFeeHT),
      ]),
    );
    expect(figures.simulation.yearlyTotalTTC).toBe(formatEurosTTC(LANDING_SIMULATION.yearly.totalTTC));
    expect(figures.simulation.monthlyTotalTTC).toBe(formatEurosTTC(LANDING_SIMULATION.monthly.totalTTC));
    expect(figures.simulation.saving).toBe(formatEurosTTC(LANDING_SIMULATION.savingTTC));
    expect(figures.simulation.savingPercent).toBe(String(LANDING_SIMULATION.savingPercent));
    expect(figures.rhythms).toEqual({
      depositPercent: '50',
      balancePercent: '50',
      monthlyMarkupPercent: '30',
    });
  });

  it('follow a version that raises a price and the deposit share', () => {
    const grid = {
      ...FIRST_PRICE_GRID,
      depositPercent: 40,
      templates: {
        ...FIRST_PRICE_GRID.templates,
        onepage: { ...FIRST_PRICE_GRID.templates.onepage, monthlyBaseHT: 3_200 },
      },
    };
    const figures = landingFigures(grid, 2);
    expect(figures.version).toBe('2');
    expect(figures.cards[0]).toMatchObject({ template: 'onepage', annualHT: euros(38_400) });
    expect(figures.simulation.yearlyTotalTTC).toBe(formatEurosTTC(46_080));
    expect(figures.simulation.yearlyPayments).toBe(`${formatEuros(18_432)} + ${formatEuros(27_648)}`);
    expect(figures.rhythms.depositPercent).toBe('40');
  });

  it('fill a page prerendered with tokens, escaped, and add them as a data block', () => {
    const tokens = landingFigureTokens();
    expect(tokens.cards[0]).toEqual({
      template: 'onepage',
      label: '@@landing:cards.0.label@@',
      annualHT: '@@landing:cards.0.annualHT@@',
      monthlyHT: '@@landing:cards.0.monthlyHT@@',
      setupFeeHT: '@@landing:cards.0.setupFeeHT@@',
    });
    const figures = landingFigures(
      {
        ...FIRST_PRICE_GRID,
        templates: {
          ...FIRST_PRICE_GRID.templates,
          onepage: { ...FIRST_PRICE_GRID.templates.onepage, landingLabel: 'Site <Vitrine>' },
        },
      },
      3,
    );
    const page = fillLandingFigures(
      `<html><body><h4>${tokens.cards[0]!.label}</h4><p>${tokens.cards[0]!.annualHT}</p></body></html>`,
      figures,
    );
    expect(page).toContain(`<h4>Site &lt;Vitrine&gt;</h4><p>${figures.cards[0]!.annualHT}</p>`);
    const data = /<script type="application\/json" id="landing-figures">(.*)<\/script><\/body>/.exec(
      page!,
    )?.[1];
    expect(data).not.toContain('<');
    expect(JSON.parse(data!)).toEqual(figures);
    expect(fillLandingFigures('<html><body></body></html>', figures)).toBeNull();
  });
});
