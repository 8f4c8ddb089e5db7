import {
  type InvoiceDocument,
  type InvoiceKind,
  type PostalAddress,
  INVOICE_LAYOUT,
} from '@coseso/domain/invoices/invoice-document';
import { formatSiren, formatSiret } from '@coseso/domain/invoices/siren';
import { formatEuros } from '@coseso/domain/pricing/format-euros';

/** The EN 16931 profile of Factur-X (its "EN 16931" conformance level, formerly COMFORT). */
export const EN16931_GUIDELINE = 'urn:cen.eu:en16931:2017';

/** UNTDID 1001: commercial invoice, prepayment invoice, credit note. */
const TYPE_CODES: Record<InvoiceKind, string> = {
  invoice: '380',
  deposit_invoice: '386',
  credit_note: '381',
};

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Cents → "1234.50" (the XML's decimal amounts, always two decimals). */
export const xmlAmount = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

const xmlDate = (isoDate: string) => isoDate.replaceAll('-', '');

type Node = string | false | null | undefined | readonly Node[];

const element = (name: string, ...children: Node[]): string => `<${name}>${join(children)}</${name}>`;
const text = (name: string, value: string, attributes = '') =>
  `<${name}${attributes}>${escape(value)}</${name}>`;
const join = (nodes: readonly Node[]): string =>
  nodes.map((node) => (Array.isArray(node) ? join(node) : typeof node === 'string' ? node : '')).join('');

const dateTime = (name: string, isoDate: string, prefix: 'udt' | 'qdt' = 'udt') =>
  element(name, text(`${prefix}:DateTimeString`, xmlDate(isoDate), ' format="102"'));

const address = (a: PostalAddress) =>
  element(
    'ram:PostalTradeAddress',
    a.postcode && text('ram:PostcodeCode', a.postcode),
    a.line1 && text('ram:LineOne', a.line1),
    a.line2 && text('ram:LineTwo', a.line2),
    a.city && text('ram:CityName', a.city),
    text('ram:CountryID', a.countryCode),
  );

const note = (content: string, subjectCode: string) =>
  element('ram:IncludedNote', text('ram:Content', content), text('ram:SubjectCode', subjectCode));

const period = (name: string, { startDate, endDate }: { startDate: string; endDate: string }) =>
  element(name, dateTime('ram:StartDateTime', startDate), dateTime('ram:EndDateTime', endDate));

interface PaymentMeansCode {
  /** UNTDID 4461. */
  readonly code: string;
  readonly information: string;
  /** BT-84, the account a transfer is paid to. */
  readonly iban?: string | null;
}

/** The payment means of the documents issued before layout 2: a card, or ZZZ for any offline payment. */
function firstLayoutPaymentMeans(doc: InvoiceDocument): PaymentMeansCode | null {
  if (!doc.payment) return null;
  return doc.payment.provider === 'offline'
    ? { code: 'ZZZ', information: 'Paiement hors ligne (virement ou chèque) enregistré par le vendeur' }
    : { code: '48', information: 'Carte bancaire' };
}

/**
 * The payment means by kind (UNTDID 4461): 48 a bank card, 58 a SEPA credit transfer to the
 * seller's IBAN (BR-61 wants the account; 30 were there none… which BR-61 wants as well, so ZZZ),
 * 20 a cheque, 10 cash; an offline payment whose kind was not recorded, ZZZ as before.
 */
export function paymentMeansOf(doc: InvoiceDocument): PaymentMeansCode | null {
  if (!doc.payment) return null;
  const means = doc.payment.means ?? (doc.payment.provider === 'offline' ? null : 'card');
  switch (means) {
    case 'card':
      return { code: '48', information: 'Carte bancaire' };
    case 'transfer':
      return doc.seller.iban
        ? { code: '58', information: 'Virement SEPA', iban: doc.seller.iban }
        : { code: 'ZZZ', information: 'Virement' };
    case 'cheque':
      return { code: '20', information: 'Chèque' };
    case 'cash':
      return { code: '10', information: 'Espèces' };
    case null:
      return firstLayoutPaymentMeans(doc);
    default: {
      const _exhaustive: never = means;
      return _exhaustive;
    }
  }
}

/** The seller's legal mentions that have no field of their own (BT-33). */
export function sellerLegalText(seller: InvoiceDocument['seller']): string {
  const capital =
    seller.shareCapital === null
      ? ''
      : ` au capital de ${formatEuros(seller.shareCapital, { decimals: 'auto' })}`;
  return `${seller.legalForm}${capital} – ${seller.rcs} ${formatSiren(seller.siren)} – SIRET ${formatSiret(seller.siret)}`;
}

/**
 * The UN/CEFACT Cross Industry Invoice (D16B) of a document, EN 16931 profile: what Factur-X
 * embeds as factur-x.xml. Deterministic: the same document gives the same text.
 */
export function ciiXmlOf(doc: InvoiceDocument): string {
  const { seller, buyer } = doc;
  const vatPointCode = doc.kind === 'credit_note' ? null : '72'; // VAT due when paid (services in France)
  const prepaid = doc.depositsDeducted.reduce((sum, d) => sum + d.amountWithVat, 0) + doc.paidWithVat;
  const referenced = doc.corrects
    ? [{ number: doc.corrects.number, issueDate: doc.corrects.issueDate }]
    : doc.depositsDeducted;
  const layout2 = doc.layout === INVOICE_LAYOUT;
  const paymentMeans = layout2 ? paymentMeansOf(doc) : firstLayoutPaymentMeans(doc);
  const deliveryDate = doc.deliveryDate ?? doc.servicePeriod?.startDate ?? doc.paymentDate ?? doc.issueDate;

  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"' +
    ' xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100"' +
    ' xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"' +
    ' xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">' +
    element(
      'rsm:ExchangedDocumentContext',
      element('ram:GuidelineSpecifiedDocumentContextParameter', text('ram:ID', EN16931_GUIDELINE)),
    ) +
    element(
      'rsm:ExchangedDocument',
      text('ram:ID', doc.number),
      text('ram:TypeCode', TYPE_CODES[doc.kind]),
      dateTime('ram:IssueDateTime', doc.issueDate),
      doc.corrects && note(`Avoir sur la facture ${doc.corrects.number} : ${doc.corrects.reason}`, 'AAI'),
      note(`${seller.name}, ${sellerLegalText(seller)}`, 'REG'),
      doc.mentions.latePayment !== null && note(doc.mentions.latePayment, 'PMD'),
      doc.mentions.recoveryIndemnity !== null && note(doc.mentions.recoveryIndemnity, 'PMT'),
      note(doc.mentions.earlyPaymentDiscount, 'AAB'),
    ) +
    element(
      'rsm:SupplyChainTradeTransaction',
      doc.lines.map((line, index) =>
        element(
          'ram:IncludedSupplyChainTradeLineItem',
          element('ram:AssociatedDocumentLineDocument', text('ram:LineID', String(index + 1))),
          element(
            'ram:SpecifiedTradeProduct',
            text('ram:Name', line.label),
            line.description && text('ram:Description', line.description),
          ),
          element(
            'ram:SpecifiedLineTradeAgreement',
            element('ram:NetPriceProductTradePrice', text('ram:ChargeAmount', xmlAmount(line.unitPrice))),
          ),
          element(
            'ram:SpecifiedLineTradeDelivery',
            text('ram:BilledQuantity', String(line.quantity), ` unitCode="${line.unit}"`),
          ),
          element(
            'ram:SpecifiedLineTradeSettlement',
            element(
              'ram:ApplicableTradeTax',
              text('ram:TypeCode', 'VAT'),
              text('ram:CategoryCode', 'S'),
              text('ram:RateApplicablePercent', String(line.vatRatePercent)),
            ),
            layout2 && line.servicePeriod && period('ram:BillingSpecifiedPeriod', line.servicePeriod),
            element(
              'ram:SpecifiedTradeSettlementLineMonetarySummation',
              text('ram:LineTotalAmount', xmlAmount(line.totalAmount)),
            ),
          ),
        ),
      ),
      element(
        'ram:ApplicableHeaderTradeAgreement',
        element(
          'ram:SellerTradeParty',
          text('ram:Name', seller.name),
          text('ram:Description', sellerLegalText(seller)),
          element('ram:SpecifiedLegalOrganization', text('ram:ID', seller.siren, ' schemeID="0002"')),
          address(seller.address),
          element('ram:URIUniversalCommunication', text('ram:URIID', seller.email, ' schemeID="EM"')),
          element('ram:SpecifiedTaxRegistration', text('ram:ID', seller.vatNumber, ' schemeID="VA"')),
        ),
        element(
          'ram:BuyerTradeParty',
          text('ram:Name', buyer.name),
          buyer.siren &&
            element('ram:SpecifiedLegalOrganization', text('ram:ID', buyer.siren, ' schemeID="0002"')),
          (buyer.contactName || buyer.email) &&
            element(
              'ram:DefinedTradeContact',
              buyer.contactName && text('ram:PersonName', buyer.contactName),
              buyer.email && element('ram:EmailURIUniversalCommunication', text('ram:URIID', buyer.email)),
            ),
          address(buyer.address),
          buyer.email &&
            element('ram:URIUniversalCommunication', text('ram:URIID', buyer.email, ' schemeID="EM"')),
        ),
        layout2
          ? // BT-14, the seller's order reference: our order number (BT-13 is the buyer's purchase order).
            element(
              'ram:SellerOrderReferencedDocument',
              text('ram:IssuerAssignedID', String(doc.order.orderNumber)),
            )
          : element(
              'ram:BuyerOrderReferencedDocument',
              text('ram:IssuerAssignedID', `Commande n° ${doc.order.orderNumber}`),
            ),
      ),
      layout2
        ? element(
            'ram:ApplicableHeaderTradeDelivery',
            // BT-72: the day the service was supplied (an empty element is warned of by Factur-X 1.09).
            element('ram:ActualDeliverySupplyChainEvent', dateTime('ram:OccurrenceDateTime', deliveryDate)),
          )
        : '<ram:ApplicableHeaderTradeDelivery/>',
      element(
        'ram:ApplicableHeaderTradeSettlement',
        text('ram:InvoiceCurrencyCode', doc.currency),
        paymentMeans &&
          element(
            'ram:SpecifiedTradeSettlementPaymentMeans',
            text('ram:TypeCode', paymentMeans.code),
            text('ram:Information', paymentMeans.information),
            paymentMeans.iban &&
              element('ram:PayeePartyCreditorFinancialAccount', text('ram:IBANID', paymentMeans.iban)),
          ),
        doc.vatBreakdown.map((rate) =>
          element(
            'ram:ApplicableTradeTax',
            text('ram:CalculatedAmount', xmlAmount(rate.vatAmount)),
            text('ram:TypeCode', 'VAT'),
            text('ram:BasisAmount', xmlAmount(rate.baseAmount)),
            text('ram:CategoryCode', 'S'),
            vatPointCode && text('ram:DueDateTypeCode', vatPointCode),
            text('ram:RateApplicablePercent', String(rate.vatRatePercent)),
          ),
        ),
        doc.servicePeriod && period('ram:BillingSpecifiedPeriod', doc.servicePeriod),
        element('ram:SpecifiedTradePaymentTerms', text('ram:Description', doc.mentions.paymentTerms)),
        element(
          'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
          text('ram:LineTotalAmount', xmlAmount(doc.totalAmount)),
          text('ram:TaxBasisTotalAmount', xmlAmount(doc.totalAmount)),
          text('ram:TaxTotalAmount', xmlAmount(doc.vatAmount), ` currencyID="${doc.currency}"`),
          text('ram:GrandTotalAmount', xmlAmount(doc.totalWithVat)),
          text('ram:TotalPrepaidAmount', xmlAmount(prepaid)),
          text('ram:DuePayableAmount', xmlAmount(doc.amountDueWithVat)),
        ),
        referenced.map((ref) =>
          element(
            'ram:InvoiceReferencedDocument',
            text('ram:IssuerAssignedID', ref.number),
            dateTime('ram:FormattedIssueDateTime', ref.issueDate, 'qdt'),
          ),
        ),
      ),
    ) +
    '</rsm:CrossIndustryInvoice>\n'
  );
}
