import { type SellerIdentity } from '@coseso/domain/invoices/invoice-document';
import { formatSiren } from '@coseso/domain/invoices/siren';
import { type OrderState } from '@coseso/domain/orders/order-state';
import { termsOf } from '@coseso/domain/orders/order-terms';
import { fontLabels, styleLabels, freeOptionLabels } from '@coseso/domain/orders/wizard';
import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { optionAmountText } from '@coseso/domain/pricing/price-lines';
import Handlebars from 'handlebars';

/** Bump when the wording changes: issued contracts record the version they were made from. */
// 2: options with their period (/an, /mois, une fois); a monthly contract states both the setup fee and the monthly amount.
// 3: the Prestataire is the configured seller, with its capital, address and registration.
// 4: the conditions générales de vente cited by their full address; the subscription starts with the
// first month's payment; what the Coseso hosting includes (maintenance among it, never sold apart).
// 5: the template's name, the deposit share and what the hosting includes are the order's catalogue
// version's (an order of version 1 reads the same words as with 4).
export const CONTRACT_TEMPLATE_VERSION = 5;

const source = `<article class="contract" lang="fr">
  <h1>Contrat de création de site internet</h1>
  <p class="reference">Commande n° {{orderNumber}}</p>

  <h2>Entre les soussignés</h2>
  <p><strong>{{sellerName}}</strong>{{#if sellerCapital}}, au capital de {{sellerCapital}}{{/if}}, {{sellerAddress}}, {{sellerRegistration}}, ci-après « le Prestataire »,</p>
  <p>et <strong>{{companyName}}</strong>{{#if companyId}}, SIREN/SIRET {{companyId}}{{/if}}{{#if companyAddress}}, {{companyAddress}}{{/if}},
    représentée par {{contactFirstName}} {{contactLastName}}{{#if contactPosition}}, {{contactPosition}}{{/if}}, ci-après « le Client ».</p>

  <h2>Article 1 : Objet</h2>
  <p>Le Prestataire crée pour le Client un site internet sur la base du modèle <strong>{{templateName}}</strong>, style {{styleName}},
    police {{fontName}}, couleurs {{primaryColor}} et {{secondaryColor}}.</p>
  {{#if features.length}}<p>Fonctionnalités incluses : {{#each features}}{{this}}{{#unless @last}}, {{/unless}}{{/each}}.</p>{{/if}}
  {{#if hostingIncludes}}<p>Hébergement par le Prestataire, sans supplément : {{hostingIncludes}}.</p>{{/if}}
  {{#if options.length}}<p>Options commandées :</p><ul>{{#each options}}<li>{{label}} : {{amount}}</li>{{/each}}</ul>{{/if}}

  <h2>Article 2 : Prix et paiement</h2>
  <p>{{displayText}}.</p>
  <p>Rythme de paiement : {{formula}}.</p>
  {{#if yearly}}<p>Montant total : {{totalAmount}} HT, soit {{totalWithVat}} TTC, dont TVA {{vatAmount}}.</p>
  <p>Acompte à la commande : {{depositWithVat}} TTC. Solde à la livraison : {{remainingWithVat}} TTC.</p>
  {{else}}<p>Frais de mise en service, payés à la commande : {{setupFeesAmount}} HT, soit {{setupFeesWithVat}} TTC.</p>
  <p>Abonnement mensuel : {{monthlyAmount}} HT/mois, soit {{monthlyWithVat}} TTC/mois.</p>{{/if}}
  {{#if yearly}}<p>Un acompte de {{depositPercent}} % est payé à la commande ; le solde de {{remainingPercent}} % est payé à la livraison, après validation du site par le Client.
    Le Client devient propriétaire du site à la livraison.</p>
  {{else}}<p>Les frais de mise en service sont payés à la commande. L'abonnement mensuel commence avec le paiement du premier mois,
    demandé une fois la maquette validée par le Client, avant la mise en ligne ; il est ensuite prélevé chaque mois, à la date anniversaire
    de ce paiement. Il est sans engagement et résiliable à tout moment ; le site reste en ligne jusqu'à la fin du mois payé.</p>{{/if}}

  <h2>Article 3 : Déroulement</h2>
  <p>Après la signature du présent contrat, le Client transmet dans son espace client les éléments nécessaires (logo, textes, images,
    arborescence). Le Prestataire réalise le site, puis le soumet au Client pour validation ; le Client peut demander des modifications.
    La mise en ligne a lieu après validation et paiement du solde ou du premier mois.</p>

  <h2>Article 4 : Conditions générales</h2>
  <p>Les conditions générales de vente, consultables à l'adresse {{termsUrl}}, font partie du présent contrat. En cas de contradiction,
    le présent contrat prévaut.</p>

  <h2>Signature</h2>
  <p>Le Client signe électroniquement en indiquant son nom et en acceptant le présent contrat. La date, l'heure et l'adresse IP de la
    signature, ainsi que l'empreinte SHA-256 de ce document, sont enregistrées.</p>
</article>`;

const template = Handlebars.compile(source, { strict: true });

/**
 * The contract of an order as HTML, between the seller as configured when it is issued and the
 * client. Depends on these only (no clock, no random), so the same order and seller always render
 * the same document and the same SHA-256. The issued document is kept as rendered and never
 * rendered again: a seller configured differently later leaves it as it was signed.
 */
export function renderContract(order: OrderState, seller: SellerIdentity, termsUrl: string): string {
  const form = order.form;
  const price = order.price!;
  const terms = termsOf(order);
  const { line1, line2, postcode, city } = seller.address;
  return template({
    orderNumber: order.orderNumber,
    sellerName: `${seller.name} ${seller.legalForm}`,
    sellerCapital: seller.shareCapital === null ? '' : formatEuros(seller.shareCapital, { decimals: 'auto' }),
    sellerAddress: [line1, line2, `${postcode} ${city}`].filter(Boolean).join(', '),
    sellerRegistration: `${seller.rcs} ${formatSiren(seller.siren)}`,
    companyName: form.companyName ?? '',
    companyId: form.companyId ?? '',
    companyAddress: form.companyAddress ?? '',
    contactFirstName: form.contactFirstName ?? '',
    contactLastName: form.contactLastName ?? '',
    contactPosition: form.contactPosition ?? '',
    // The template's name and what the hosting includes at the order's catalogue version (version 1's
    // are the wizard's names and the first list: a contract of such an order renders as before).
    templateName: form.selectedTemplate ? terms.templateLabel : '',
    styleName: form.selectedStyle ? styleLabels[form.selectedStyle].name : '',
    fontName: form.fontFamily ? fontLabels[form.fontFamily].name : '',
    primaryColor: form.primaryColor ?? '',
    secondaryColor: form.secondaryColor ?? '',
    features: Object.entries(form.freeOptions ?? {})
      .filter(([, on]) => on)
      .map(([key]) => freeOptionLabels[key as keyof typeof freeOptionLabels]),
    options: price.options.map((o) => ({ label: o.label, amount: optionAmountText(o) })),
    displayText: price.displayText,
    formula: price.formula,
    totalAmount: formatEuros(price.totalAmount),
    totalWithVat: formatEuros(price.totalWithVat),
    vatAmount: formatEuros(price.vatAmount),
    depositWithVat: formatEuros(price.depositWithVat),
    remainingWithVat: formatEuros(price.remainingWithVat),
    setupFeesAmount: formatEuros(price.setupFeesAmount),
    setupFeesWithVat: formatEuros(price.depositWithVat),
    monthlyAmount: formatEuros(price.monthlyAmount),
    monthlyWithVat: formatEuros(price.monthlyWithVat),
    yearly: price.billingPeriod === 'yearly',
    depositPercent: terms.depositPercent,
    remainingPercent: 100 - terms.depositPercent,
    termsUrl,
    hostingIncludes:
      form.hostingOptions?.hostingType === 'autonomous'
        ? ''
        : terms.hostingIncludes.map((item) => item.charAt(0).toLowerCase() + item.slice(1)).join(', '),
  });
}
