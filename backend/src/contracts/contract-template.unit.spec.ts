import { type SellerIdentity } from '@coseso/domain/invoices/invoice-document';
import { testSeller } from '@coseso/domain/invoices/testing/test-seller';
import { orderIn, secondVersion } from '@coseso/domain/orders/testing/order-test-kit';
import { computeOrderPrice } from '@coseso/domain/pricing/compute-order-price';
import { renderContract } from './contract-template.js';

// The contract writes amounts with no-break spaces; the expectations are written with ordinary ones.
const text = (html: string) => html.replace(/\u00a0/g, ' ').replace(/\s+/g, ' ');

function contractFor(billingPeriod: 'yearly' | 'monthly', seller: SellerIdentity = testSeller) {
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
  return text(
    renderContract(
      { ...orderIn('contract_ready_for_signature').state, price },
      seller,
      'https://coseso.test/cgu',
    ),
  );
}

describe('the contract', () => {
  it('names the template, the deposit share and the hosting of the catalogue version the order was priced at', () => {
    const order = orderIn('contract_ready_for_signature', { catalogue: secondVersion() }).state;
    const contract = text(renderContract(order, testSeller, 'https://coseso.test/cgu'));
    expect(contract).toContain('sur la base du modèle <strong>Site Essentiel</strong>');
    expect(contract).toContain(
      'Un acompte de 40 % est payé à la commande ; le solde de 60 % est payé à la livraison',
    );
    expect(contract).toContain(
      'Hébergement par le Prestataire, sans supplément : certificat SSL, sauvegardes quotidiennes.',
    );
  });

  it('cites the conditions générales de vente by their full address', () => {
    expect(contractFor('yearly')).toContain(
      "Les conditions générales de vente, consultables à l'adresse https://coseso.test/cgu, font partie du présent contrat.",
    );
  });

  it('lists each option with its period: per year, per month, or once', () => {
    const contract = contractFor('yearly');
    expect(contract).toContain('<li>Logo professionnel : 490,00 € HT (une fois)</li>');
    expect(contract).not.toContain('Maintenance mensuelle');
    expect(contract).toContain(
      'Hébergement par le Prestataire, sans supplément : certificat SSL, sauvegardes, maintenance et mises à jour de sécurité, support, 1 adresse email de 10 Go.',
    );
    expect(contract).toContain('<li>Nom de domaine boulangerie-martin.fr : 15,00 € HT/an</li>');
  });

  it('yearly: states the total and the two halves, as the recap and the checkout do', () => {
    // 348 + 15 = 363 € per year (maintenance included in the hosting), + 490 € once = 853 € HT, 1 023,60 € TTC.
    const contract = contractFor('yearly');
    expect(contract).toContain('363 € HT par an + 490 € HT une fois, soit 1 023,60 € TTC la première année');
    expect(contract).toContain('Montant total : 853,00 € HT, soit 1 023,60 € TTC, dont TVA 170,60 €.');
    expect(contract).toContain('Acompte à la commande : 511,80 € TTC. Solde à la livraison : 511,80 € TTC.');
  });

  it('monthly: states both the setup fee and the monthly amount', () => {
    // Setup: 79 € launch fee + 490 € logo = 569 € HT; monthly: 363 × 1.3 / 12 = 39,33 € HT.
    const contract = contractFor('monthly');
    expect(contract).toContain(
      'Frais de mise en service, payés à la commande : 569,00 € HT, soit 682,80 € TTC.',
    );
    expect(contract).toContain('Abonnement mensuel : 39,33 € HT/mois, soit 47,20 € TTC/mois.');
    // The subscription starts as the subscription tab says: with the first month's payment.
    expect(contract).toContain(
      "L'abonnement mensuel commence avec le paiement du premier mois, demandé une fois la maquette validée",
    );
    expect(contract).toContain('chaque mois, à la date anniversaire de ce paiement');
    expect(contract).not.toContain('à partir de la livraison');
    expect(contract).not.toContain('Montant total');
  });

  it('names the configured seller as the Prestataire, with its capital, address and registration', () => {
    const contract = contractFor('yearly', {
      ...testSeller,
      name: 'Atelier Lumière',
      legalForm: 'SARL',
      address: {
        line1: '4 place Bellecour',
        line2: 'Bâtiment B',
        postcode: '69002',
        city: 'Lyon',
        countryCode: 'FR',
      },
      siren: '732829320',
      siret: '73282932000074',
      rcs: 'RCS Lyon',
      shareCapital: 500_000,
    });
    expect(contract).toContain(
      '<strong>Atelier Lumière SARL</strong>, au capital de 5 000 €, 4 place Bellecour, Bâtiment B, 69002 Lyon, RCS Lyon 732 829 320, ci-après « le Prestataire »,',
    );
    expect(contract).not.toContain('Coseso');
  });

  it('leaves out the capital of a seller whose legal form has none', () => {
    const contract = contractFor('yearly', {
      ...testSeller,
      name: 'Marie Durand',
      legalForm: 'EI',
      shareCapital: null,
    });
    expect(contract).toContain(
      '<strong>Marie Durand EI</strong>, 12 rue des Artisans, 69002 Lyon, RCS Lyon 842 153 702,',
    );
    expect(contract).not.toContain('au capital');
  });

  it('renders the same document for the same order and seller: its hash is what the order records', () => {
    expect(contractFor('monthly')).toBe(contractFor('monthly'));
  });
});
