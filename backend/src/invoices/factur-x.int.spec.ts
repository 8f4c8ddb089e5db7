import { PDFDocument } from 'pdf-lib';
import { createHash } from 'node:crypto';
import { type InvoiceDocument, frenchDate, invoiceTotals } from '@coseso/domain/invoices/invoice-document';
import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { xmlAmount } from './cii-xml.js';
import { FACTUR_X_FILE_NAME, renderFacturX } from './factur-x-pdf.js';
import { documentsOfEveryKind } from './testing/invoice-fixtures.js';
import { parseBack } from './testing/parse-factur-x.js';
import {
  checkAgainstSchematron,
  checkAgainstXsd,
  compiledSchematron,
  visibleText,
} from './testing/en16931-validation.js';

const amountOf = (xml: string, element: string) =>
  new RegExp(`<ram:${element}(?: [^>]*)?>([^<]*)</ram:${element}>`).exec(xml)?.[1];

describe('Factur-X documents, checked against the EN 16931 standard itself', () => {
  let sef: string;
  beforeAll(() => {
    sef = compiledSchematron();
  }, 600_000);

  describe.each(Object.entries(documentsOfEveryKind))('%s', (_kind, doc: InvoiceDocument) => {
    let rendered: Awaited<ReturnType<typeof renderFacturX>>;
    beforeAll(async () => {
      rendered = await renderFacturX(doc);
    });

    it('is a PDF/A-3b with the Factur-X XMP metadata, an sRGB output intent and embedded fonts', async () => {
      const back = await parseBack(rendered.bytes);
      expect(back.xmp).toContain('<pdfaid:part>3</pdfaid:part>');
      expect(back.xmp).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
      expect(back.xmp).toContain(
        '<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>',
      );
      expect(back.xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
      expect(back.xmp).toContain('<fx:DocumentType>INVOICE</fx:DocumentType>');
      expect(back.xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
      expect(back.xmp).toContain(`<xmp:CreateDate>${doc.issueDate}T00:00:00Z</xmp:CreateDate>`);
      expect(back.intent).toEqual({ subtype: '/GTS_PDFA1', iccHeader: 'mntrRGB ' });
      expect(back.fileId).toBeDefined();
      expect(back.fontFiles.length).toBeGreaterThan(0);
      expect(back.fontFiles.every(Boolean)).toBe(true);
      expect(back.pdf.getTitle()).toBe(
        `${{ invoice: 'Facture', deposit_invoice: "Facture d'acompte", credit_note: 'Avoir' }[doc.kind]} ${doc.number}`,
      );
    });

    it('embeds its CII XML as factur-x.xml, the Alternative representation', async () => {
      const back = await parseBack(rendered.bytes);
      expect(back.attachment).toEqual({
        fileName: FACTUR_X_FILE_NAME,
        listedAs: FACTUR_X_FILE_NAME,
        relationship: '/Alternative',
        mimeType: '/text#2Fxml',
        xml: rendered.xml,
      });
      expect(rendered.xml).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
      expect(rendered.xml).toContain(`<ram:ID>${doc.number}</ram:ID>`);
    });

    it('is valid against the CII D16B XSD (xmllint)', () => {
      const result = checkAgainstXsd(rendered.xml);
      expect(result.output).toMatch(/validates$/);
      expect(result.valid).toBe(true);
    });

    it('passes the EN 16931 Schematron with zero failed asserts', () => {
      const result = checkAgainstSchematron(rendered.xml, sef);
      expect(result.svrl).toContain('svrl:schematron-output');
      expect(result.failures).toEqual([]);
    });

    it('carries the totals of its lines, and what was paid', () => {
      const linesTotal = doc.lines.reduce((sum, line) => sum + line.totalAmount, 0);
      expect(doc.totalAmount).toBe(linesTotal);
      expect(doc.totalWithVat).toBe(doc.totalAmount + doc.vatAmount);
      const deducted = doc.depositsDeducted.reduce((sum, d) => sum + d.amountWithVat, 0);
      expect(doc.amountDueWithVat).toBe(doc.totalWithVat - deducted - doc.paidWithVat);
      expect(amountOf(rendered.xml, 'LineTotalAmount')).toBeDefined();
      expect(amountOf(rendered.xml, 'TaxBasisTotalAmount')).toBe(xmlAmount(doc.totalAmount));
      expect(amountOf(rendered.xml, 'TaxTotalAmount')).toBe(xmlAmount(doc.vatAmount));
      expect(amountOf(rendered.xml, 'GrandTotalAmount')).toBe(xmlAmount(doc.totalWithVat));
      expect(amountOf(rendered.xml, 'TotalPrepaidAmount')).toBe(xmlAmount(deducted + doc.paidWithVat));
      expect(amountOf(rendered.xml, 'DuePayableAmount')).toBe(xmlAmount(doc.amountDueWithVat));
      if (doc.kind !== 'credit_note') expect(doc.amountDueWithVat).toBe(0);
      if (doc.servicePeriod) {
        expect(rendered.xml).toContain(
          `<ram:BillingSpecifiedPeriod><ram:StartDateTime><udt:DateTimeString format="102">${doc.servicePeriod.startDate.replaceAll('-', '')}</udt:DateTimeString></ram:StartDateTime>`,
        );
      }
      if (doc.payment)
        expect(doc.paidWithVat).toBe(doc.kind === 'credit_note' ? 0 : doc.payment.amountWithVat);
    });

    it('reads, for a French client, as the document it is, with every legal mention', () => {
      const text = visibleText(rendered.bytes).replace(/\s+/g, ' ');
      const title = { invoice: 'FACTURE', deposit_invoice: "FACTURE D'ACOMPTE", credit_note: 'AVOIR' }[
        doc.kind
      ];
      const expected = [
        title,
        doc.number,
        frenchDate(doc.issueDate),
        'Coseso, SAS au capital de 10 000 € – RCS Lyon 842 153 702 – SIRET 842 153 702 00019 – TVA intracommunautaire FR88842153702 – 12 rue des Artisans, 69002 Lyon.',
        'SIREN 842 153 702 – TVA FR88842153702',
        'Boulangerie Martin & Fils',
        'SIREN 512 349 879',
        '8 place Bellecour 69002 Lyon',
        'Désignation Qté Prix unitaire HT TVA Total HT',
        ...doc.lines.map(
          (line) =>
            `${formatEuros(line.unitPrice)} ${line.vatRatePercent} % ${formatEuros(line.totalAmount)}`,
        ),
        `Total HT ${formatEuros(doc.totalAmount)}`,
        `TVA 20 % sur ${formatEuros(doc.totalAmount)} ${formatEuros(doc.vatAmount)}`,
        `Total TTC ${formatEuros(doc.totalWithVat)}`,
        ...doc.depositsDeducted.map(
          (deposit) =>
            `Acompte facturé (${deposit.number} du ${frenchDate(deposit.issueDate)}) ${formatEuros(-deposit.amountWithVat)}`,
        ),
        doc.mentions.paymentTerms,
        "En cas de retard de paiement, pénalités exigibles au taux d'intérêt appliqué par la Banque centrale européenne",
        'Indemnité forfaitaire pour frais de recouvrement due par le professionnel en retard de paiement : 40 €',
        'Pas d’escompte pour paiement anticipé.',
        ...(doc.servicePeriod
          ? [
              `Période : du ${frenchDate(doc.servicePeriod.startDate)} au ${frenchDate(doc.servicePeriod.endDate)}`,
            ]
          : []),
        ...(doc.corrects
          ? [`Avoir sur la facture ${doc.corrects.number} du ${frenchDate(doc.corrects.issueDate)}`]
          : []),
      ];
      for (const part of expected) expect(text).toContain(part.replace(/\s+/g, ' '));
    });

    it('renders the same bytes again, with their SHA-256', async () => {
      const again = await renderFacturX(JSON.parse(JSON.stringify(doc)) as InvoiceDocument);
      expect(Buffer.from(again.bytes).equals(Buffer.from(rendered.bytes))).toBe(true);
      expect(again.sha256).toBe(rendered.sha256);
      expect(rendered.sha256).toBe(createHash('sha256').update(rendered.bytes).digest('hex'));
    });
  });

  it('the checks can fail: a total that does not add up breaks BR-CO-15, an unknown element breaks the XSD', async () => {
    const doc = documentsOfEveryKind['deposit invoice']!;
    const { xml } = await renderFacturX({ ...doc, totalWithVat: doc.totalWithVat + 1 });
    expect(checkAgainstSchematron(xml, sef).failures.join('\n')).toMatch(/BR-CO-15/);
    const misplaced = xml.replace(
      '<ram:TypeCode>386</ram:TypeCode>',
      '<ram:TypeCode>386</ram:TypeCode><ram:Unknown>1</ram:Unknown>',
    );
    expect(checkAgainstXsd(misplaced).valid).toBe(false);
  });

  it('a long document goes on over pages, the table header repeated, and stays valid', async () => {
    const base = documentsOfEveryKind['renewal']!;
    const lines = Array.from({ length: 45 }, (_, i) => ({
      ...base.lines[0]!,
      label: `Prestation n° ${i + 1}`,
      unitPrice: 1_000 + i,
      totalAmount: 1_000 + i,
    }));
    const totals = invoiceTotals(lines);
    const doc: InvoiceDocument = {
      ...base,
      lines,
      ...totals,
      paidWithVat: totals.totalWithVat,
      payment: { ...base.payment!, amountWithVat: totals.totalWithVat },
    };
    const { bytes, xml } = await renderFacturX(doc);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThan(1);
    const text = visibleText(bytes);
    expect(text.match(/Désignation/g)!.length).toBeGreaterThan(1);
    expect(text.match(/Document au format Factur-X/g)!.length).toBe(pdf.getPageCount());
    for (const line of lines) expect(text).toContain(line.label);
    expect(checkAgainstXsd(xml).valid).toBe(true);
    expect(checkAgainstSchematron(xml, sef).failures).toEqual([]);
  });

  it('changing the document changes the bytes', async () => {
    const doc = documentsOfEveryKind['deposit invoice']!;
    const [a, b] = await Promise.all([
      renderFacturX(doc),
      renderFacturX({ ...doc, number: 'F-2026-000102' }),
    ]);
    expect(a.sha256).not.toBe(b.sha256);
  });
});
