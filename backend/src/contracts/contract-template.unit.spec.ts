import { orderIn } from '@coseso/domain/orders/testing/order-test-kit';
import { computeOrderPrice } from '@coseso/domain/pricing/compute-order-price';
import { renderContract } from './contract-template.js';

// The contract writes amounts with no-break spaces; the expectations are written with ordinary ones.
const text = (html: string) => html.replace(/\u00a0/g, ' ').replace(/\s+/g, ' ');

function contractFor(billingPeriod: 'yearly' | 'monthly') {
  const {
    ok: _ok,
    yearlyForcedByAutonomousHosting: _forced,
    ...price
  } = computeOrderPrice({
    template: 'onepage',
    billingPeriod,
    hostingOptions: {
      hostingType: 'included',
      maintenanceMonthly: true,
      dnsType: 'new',
      newDomainName: 'boulangerie-martin',
      domainExtension: '.fr',
    },
    logoOption: 'professional',
  });
  return text(renderContract({ ...orderIn('contract_ready_for_signature').state, price }));
}

describe('the contract', () => {
  it('lists each option with its period: per year, per month, or once', () => {
    const contract = contractFor('yearly');
    expect(contract).toContain('<li>Logo professionnel : 490,00 € HT (une fois)</li>');
    expect(contract).toContain('<li>Maintenance mensuelle : 49,00 € HT/mois</li>');
    expect(contract).toContain('<li>Nom de domaine boulangerie-martin.fr : 15,00 € HT/an</li>');
  });

  it('yearly: states the total and the two halves, as the recap and the checkout do', () => {
    // 348 + 12 × 49 + 15 = 951 € per year, + 490 € once = 1 441 € HT, 1 729,20 € TTC.
    const contract = contractFor('yearly');
    expect(contract).toContain('951 € HT par an + 490 € HT une fois, soit 1 729,20 € TTC la première année');
    expect(contract).toContain('Montant total : 1 441,00 € HT, soit 1 729,20 € TTC, dont TVA 288,20 €.');
    expect(contract).toContain('Acompte à la commande : 864,60 € TTC. Solde à la livraison : 864,60 € TTC.');
  });

  it('monthly: states both the setup fee and the monthly amount', () => {
    // Setup: 79 € launch fee + 490 € logo = 569 € HT; monthly: 951 × 1.3 / 12 = 103,03 € HT.
    const contract = contractFor('monthly');
    expect(contract).toContain(
      'Frais de mise en service, payés à la commande : 569,00 € HT, soit 682,80 € TTC.',
    );
    expect(contract).toContain(
      'Abonnement mensuel, à partir de la livraison : 103,03 € HT/mois, soit 123,64 € TTC/mois.',
    );
    expect(contract).not.toContain('Montant total');
  });
});
