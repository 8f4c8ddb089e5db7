import { ciiXmlOf, sellerLegalText, xmlAmount } from './cii-xml.js';
import { documentsOfEveryKind } from './testing/invoice-fixtures.js';

describe('the CII XML of a document', () => {
  it('writes amounts in euros with two decimals', () => {
    expect([0, 5, 129_840, -129_840, 100_000_001].map(xmlAmount)).toEqual([
      '0.00',
      '0.05',
      '1298.40',
      '-1298.40',
      '1000000.01',
    ]);
  });

  it('types each kind: 386 deposit invoice, 380 invoice, 381 credit note naming the invoice', () => {
    const typeOf = (name: string) =>
      /<ram:TypeCode>(\d+)<\/ram:TypeCode>/.exec(ciiXmlOf(documentsOfEveryKind[name]!))![1];
    expect(typeOf('deposit invoice')).toBe('386');
    expect(typeOf('final invoice deducting the deposit')).toBe('380');
    expect(typeOf('credit note')).toBe('381');
    expect(ciiXmlOf(documentsOfEveryKind['credit note']!)).toContain(
      '<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>F-2026-000101</ram:IssuerAssignedID>',
    );
    expect(typeOf('renewal refunded in part')).toBe('381');
    expect(ciiXmlOf(documentsOfEveryKind['renewal refunded in part']!)).toContain(
      '<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>F-2026-000160</ram:IssuerAssignedID>',
    );
  });

  it('escapes what the wizard let a visitor type', () => {
    const doc = documentsOfEveryKind['deposit invoice']!;
    const xml = ciiXmlOf({ ...doc, buyer: { ...doc.buyer, name: 'Martin & Fils <SARL> "bio"' } });
    expect(xml).toContain('<ram:Name>Martin &amp; Fils &lt;SARL&gt; &quot;bio&quot;</ram:Name>');
  });

  it('says the seller’s legal form, capital, RCS and SIRET in one line, without a capital when there is none', () => {
    const { seller } = documentsOfEveryKind['deposit invoice']!;
    expect(sellerLegalText(seller)).toBe(
      'SAS au capital de 10\u00a0000\u00a0€ – RCS Lyon 842 153 702 – SIRET 842 153 702 00019',
    );
    expect(sellerLegalText({ ...seller, legalForm: 'EI', shareCapital: null })).toBe(
      'EI – RCS Lyon 842 153 702 – SIRET 842 153 702 00019',
    );
  });
});
