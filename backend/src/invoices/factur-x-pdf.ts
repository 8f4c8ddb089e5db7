import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inertText } from '@coseso/domain/shared/inert-text';
import fontkit from '@pdf-lib/fontkit';
import {
  AFRelationship,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFString,
  type PDFFont,
  type PDFPage,
  rgb,
} from 'pdf-lib';
import {
  type InvoiceDocument,
  INVOICE_LAYOUT,
  frenchDate,
  invoiceKindLabels,
  invoiceUnitLabels,
  periodText,
} from '@coseso/domain/invoices/invoice-document';
import { formatSiren } from '@coseso/domain/invoices/siren';
import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { ciiXmlOf, sellerLegalText } from './cii-xml.js';
import { SRGB_ICC_BASE64 } from './srgb-icc.js';

export const FACTUR_X_FILE_NAME = 'factur-x.xml';
export const FACTUR_X_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';
export const FACTUR_X_CONFORMANCE_LEVEL = 'EN 16931';
const PRODUCER = 'Coseso (pdf-lib)';

export interface RenderedInvoice {
  readonly bytes: Uint8Array;
  /** Hex SHA-256 of the bytes: what the event and the evidence bundle record. */
  readonly sha256: string;
  /** The embedded factur-x.xml. */
  readonly xml: string;
}

const fonts = (() => {
  let loaded: { regular: Uint8Array; bold: Uint8Array } | null = null;
  return () => {
    if (!loaded) {
      // The fonts ship in an npm package: nothing is read from the system's fonts.
      const require = createRequire(import.meta.url);
      loaded = {
        regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
        bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
      };
    }
    return loaded;
  };
})();

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

/**
 * Renders a document as a Factur-X invoice: a PDF/A-3b whose factur-x.xml (CII, EN 16931 profile)
 * is attached as its Alternative representation, with the Factur-X XMP extension schema and an
 * sRGB output intent. Deterministic: every date comes from the document, the file identifier from
 * its content, and pdf-lib's name suffixes from its seeded generator, so the same document gives
 * the same bytes.
 */
export async function renderFacturX(doc: InvoiceDocument): Promise<RenderedInvoice> {
  const xml = ciiXmlOf(doc);
  const issuedAt = new Date(`${doc.issueDate}T00:00:00Z`);
  const title = `${invoiceKindLabels[doc.kind]} ${doc.number}`;

  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.registerFontkit(fontkit);
  const { regular, bold } = fonts();
  const font = {
    // Subset fonts are named with a 6-letter tag (ISO 32000-1, 9.6.4); a fixed one keeps the bytes stable.
    regular: await pdf.embedFont(regular, { subset: true, customName: 'CSSREG+DejaVuSans' }),
    bold: await pdf.embedFont(bold, { subset: true, customName: 'CSSBLD+DejaVuSans-Bold' }),
  };

  drawDocument(pdf, doc, font);

  pdf.setTitle(title, { showInWindowTitleBar: true });
  pdf.setAuthor(doc.seller.name);
  pdf.setSubject(`${title} – commande n° ${doc.order.orderNumber}`);
  pdf.setCreator(PRODUCER);
  pdf.setProducer(PRODUCER);
  pdf.setCreationDate(issuedAt);
  pdf.setModificationDate(issuedAt);
  pdf.setLanguage('fr-FR');

  await pdf.attach(new TextEncoder().encode(xml), FACTUR_X_FILE_NAME, {
    mimeType: 'text/xml',
    description: 'Factur-X (EN 16931)',
    creationDate: issuedAt,
    modificationDate: issuedAt,
    afRelationship: AFRelationship.Alternative,
  });

  const { context, catalog } = pdf;
  const metadata = context.stream(new TextEncoder().encode(xmpOf(doc, title, issuedAt)), {
    Type: 'Metadata',
    Subtype: 'XML',
  });
  catalog.set(PDFName.of('Metadata'), context.register(metadata));
  const icc = context.flateStream(Buffer.from(SRGB_ICC_BASE64, 'base64'), { N: 3 });
  catalog.set(
    PDFName.of('OutputIntents'),
    context.obj([
      context.obj({
        Type: 'OutputIntent',
        S: 'GTS_PDFA1',
        OutputConditionIdentifier: PDFString.of('sRGB IEC61966-2.1'),
        Info: PDFString.of('sRGB IEC61966-2.1'),
        DestOutputProfile: context.register(icc),
      }),
    ]),
  );
  // PDF/A wants a file identifier; this one is the content's, so it never changes for a document.
  const id = PDFHexString.of(sha256(xml).slice(0, 32));
  context.trailerInfo.ID = context.obj([id, id]);

  const bytes = await pdf.save({ useObjectStreams: false });
  return { bytes, sha256: sha256(bytes), xml };
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function xmpOf(doc: InvoiceDocument, title: string, issuedAt: Date): string {
  const date = issuedAt.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const property = (name: string, description: string) =>
    `<rdf:li rdf:parseType="Resource"><pdfaProperty:name>${name}</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>${description}</pdfaProperty:description></rdf:li>`;
  return `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
<pdfaid:part>3</pdfaid:part>
<pdfaid:conformance>B</pdfaid:conformance>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:format>application/pdf</dc:format>
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(title)}</rdf:li></rdf:Alt></dc:title>
<dc:creator><rdf:Seq><rdf:li>${escapeXml(doc.seller.name)}</rdf:li></rdf:Seq></dc:creator>
<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(`${title} – commande n° ${doc.order.orderNumber}`)}</rdf:li></rdf:Alt></dc:description>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
<pdf:Producer>${PRODUCER}</pdf:Producer>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
<xmp:CreatorTool>${PRODUCER}</xmp:CreatorTool>
<xmp:CreateDate>${date}</xmp:CreateDate>
<xmp:ModifyDate>${date}</xmp:ModifyDate>
<xmp:MetadataDate>${date}</xmp:MetadataDate>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">
<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
<pdfaSchema:namespaceURI>${FACTUR_X_NAMESPACE}</pdfaSchema:namespaceURI>
<pdfaSchema:prefix>fx</pdfaSchema:prefix>
<pdfaSchema:property><rdf:Seq>
${property('DocumentFileName', 'The name of the embedded XML document')}
${property('DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER')}
${property('Version', 'The actual version of the standard applying to the embedded XML document')}
${property('ConformanceLevel', 'The conformance level of the embedded XML document')}
</rdf:Seq></pdfaSchema:property>
</rdf:li></rdf:Bag></pdfaExtension:schemas>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:fx="${FACTUR_X_NAMESPACE}">
<fx:DocumentType>INVOICE</fx:DocumentType>
<fx:DocumentFileName>${FACTUR_X_FILE_NAME}</fx:DocumentFileName>
<fx:Version>1.0</fx:Version>
<fx:ConformanceLevel>${FACTUR_X_CONFORMANCE_LEVEL}</fx:ConformanceLevel>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

// ---------------------------------------------------------------------------------------------
// The page a person reads: A4, one column of blocks, a table of lines, the totals and the mentions.

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const INK = rgb(0.12, 0.12, 0.14);
const MUTED = rgb(0.38, 0.4, 0.45);
const RULE = rgb(0.82, 0.84, 0.87);
const ACCENT = rgb(0.16, 0.31, 0.62);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

const euros = (cents: number) => formatEuros(cents);

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let current = '';
    for (const word of paragraph.split(' ')) {
      const candidate = current ? `${current} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width || !current) current = candidate;
      else {
        lines.push(current);
        current = word;
      }
    }
    lines.push(current);
  }
  return lines;
}

class Writer {
  page: PDFPage;
  y: number;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly font: Fonts,
    private readonly footer: string,
  ) {
    this.page = this.newPage();
    this.y = A4.height - MARGIN;
  }

  private newPage(): PDFPage {
    const page = this.pdf.addPage([A4.width, A4.height]);
    for (const [i, line] of wrap(this.footer, this.font.regular, 7, A4.width - 2 * MARGIN).entries()) {
      page.drawText(line, { x: MARGIN, y: 28 - i * 9, size: 7, font: this.font.regular, color: MUTED });
    }
    return page;
  }

  /** Room for `height` more points on this page, or a new page. */
  ensure(height: number): void {
    if (this.y - height < MARGIN + 16) {
      this.page = this.newPage();
      this.y = A4.height - MARGIN;
    }
  }

  /** One line; what clients typed is drawn without bidi nor control characters (`inertText`). */
  text(
    raw: string,
    x: number,
    y: number,
    { size = 9, bold = false, color = INK, align = 'left' as 'left' | 'right' } = {},
  ): void {
    const value = inertText(raw);
    const font = bold ? this.font.bold : this.font.regular;
    const left = align === 'right' ? x - font.widthOfTextAtSize(value, size) : x;
    this.page.drawText(value, { x: left, y, size, font, color });
  }

  /** A block of wrapped lines from the current position; returns its height. */
  paragraph(value: string, x: number, width: number, { size = 9, bold = false, color = INK } = {}): number {
    const font = bold ? this.font.bold : this.font.regular;
    const lines = wrap(inertText(value), font, size, width);
    const lineHeight = size * 1.35;
    for (const line of lines) {
      this.ensure(lineHeight);
      this.y -= lineHeight;
      this.text(line, x, this.y, { size, bold, color });
    }
    return lines.length * lineHeight;
  }

  rule(y = this.y, color = RULE): void {
    this.page.drawLine({
      start: { x: MARGIN, y },
      end: { x: A4.width - MARGIN, y },
      thickness: 0.6,
      color,
    });
  }
}

function drawDocument(pdf: PDFDocument, doc: InvoiceDocument, font: Fonts): void {
  const { seller, buyer } = doc;
  const footer = `${seller.name}, ${sellerLegalText(seller)} – TVA intracommunautaire ${seller.vatNumber} – ${seller.address.line1}, ${seller.address.postcode} ${seller.address.city}. Document au format Factur-X (EN 16931) : les données structurées jointes (${FACTUR_X_FILE_NAME}) reprennent ce document.`;
  const w = new Writer(pdf, font, footer);
  const right = A4.width - MARGIN;
  const half = A4.width / 2 + 10;
  const top = w.y;

  // Seller, top left.
  w.y = top + 4;
  w.paragraph(seller.name, MARGIN, half - MARGIN - 20, { size: 15, bold: true, color: ACCENT });
  for (const line of [
    sellerLegalText(seller),
    seller.address.line1,
    ...(seller.address.line2 ? [seller.address.line2] : []),
    `${seller.address.postcode} ${seller.address.city}`,
    `SIREN ${formatSiren(seller.siren)} – TVA ${seller.vatNumber}`,
    seller.email,
  ]) {
    w.paragraph(line, MARGIN, half - MARGIN - 20, { size: 8.5, color: MUTED });
  }
  const sellerBottom = w.y;

  // Title and references, top right.
  w.y = top;
  w.text(invoiceKindLabels[doc.kind].toUpperCase(), right, w.y - 14, {
    size: 18,
    bold: true,
    align: 'right',
  });
  w.y -= 34;
  const references: [string, string][] = [
    ['Numéro', doc.number],
    ["Date d'émission", frenchDate(doc.issueDate)],
    ...(doc.paymentDate
      ? ([
          [
            doc.kind === 'credit_note' ? 'Date de remboursement' : 'Date de paiement',
            frenchDate(doc.paymentDate),
          ],
        ] as [string, string][])
      : []),
    ...(doc.servicePeriod
      ? ([
          [
            'Période',
            `du ${frenchDate(doc.servicePeriod.startDate)} au ${frenchDate(doc.servicePeriod.endDate)}`,
          ],
        ] as [string, string][])
      : []),
    ['Commande', `n° ${doc.order.orderNumber}`],
  ];
  const valuesWidth = Math.max(...references.map(([, value]) => font.bold.widthOfTextAtSize(value, 9)));
  for (const [label, value] of references) {
    w.text(`${label} :`, right - valuesWidth - 10, w.y, { size: 9, color: MUTED, align: 'right' });
    w.text(value, right, w.y, { size: 9, bold: true, align: 'right' });
    w.y -= 13;
  }

  // Buyer, right column.
  w.y = Math.min(w.y, sellerBottom) - 18;
  const buyerTop = w.y;
  w.text('CLIENT', half, w.y, { size: 7.5, bold: true, color: MUTED });
  w.y -= 2;
  w.paragraph(buyer.name, half, right - half, { size: 10.5, bold: true });
  const buyerLines = [
    buyer.contactName,
    buyer.address.line1,
    buyer.address.line2,
    buyer.address.postcode || buyer.address.city
      ? `${buyer.address.postcode} ${buyer.address.city}`.trim()
      : null,
    buyer.siren ? `SIREN ${formatSiren(buyer.siren)}` : null,
    buyer.email,
  ].filter((line): line is string => Boolean(line));
  for (const line of buyerLines) w.paragraph(line, half, right - half, { size: 9 });
  w.y = Math.min(w.y, buyerTop) - 20;

  if (doc.corrects) {
    w.paragraph(
      `Avoir sur la facture ${doc.corrects.number} du ${frenchDate(doc.corrects.issueDate)}. Motif : ${doc.corrects.reason}`,
      MARGIN,
      right - MARGIN,
      { size: 9.5, bold: true },
    );
    w.y -= 10;
  }

  // The lines.
  const columns = { label: MARGIN, quantity: 340, unitPrice: 420, vat: 462, total: right };
  const header = () => {
    w.ensure(24);
    w.page.drawRectangle({
      x: MARGIN,
      y: w.y - 16,
      width: right - MARGIN,
      height: 18,
      color: rgb(0.94, 0.95, 0.97),
    });
    w.y -= 11;
    w.text('Désignation', columns.label + 4, w.y, { size: 8, bold: true });
    w.text('Qté', columns.quantity, w.y, { size: 8, bold: true, align: 'right' });
    w.text('Prix unitaire HT', columns.unitPrice, w.y, { size: 8, bold: true, align: 'right' });
    w.text('TVA', columns.vat, w.y, { size: 8, bold: true, align: 'right' });
    w.text('Total HT', columns.total - 4, w.y, { size: 8, bold: true, align: 'right' });
    w.y -= 9;
  };
  header();
  for (const line of doc.lines) {
    const labelLines = wrap(line.label, font.bold, 9, columns.quantity - 60 - MARGIN);
    const details = [
      ...(line.description ? [line.description] : []),
      // Layout 2: the period a line sold by the month or the year covers.
      ...(doc.layout === INVOICE_LAYOUT && line.servicePeriod ? [periodText(line.servicePeriod)] : []),
    ];
    const descriptionLines = details.flatMap((detail) =>
      wrap(detail, font.regular, 7.5, columns.quantity - 60 - MARGIN),
    );
    const height = labelLines.length * 12 + descriptionLines.length * 10 + 8;
    if (w.y - height < MARGIN + 16) {
      w.ensure(height + 30);
      header();
    }
    w.y -= 12;
    const unit = invoiceUnitLabels[line.unit];
    w.text(`${line.quantity} ${line.quantity > 1 ? unit.many : unit.one}`, columns.quantity, w.y, {
      align: 'right',
    });
    w.text(euros(line.unitPrice), columns.unitPrice, w.y, { align: 'right' });
    w.text(`${line.vatRatePercent} %`, columns.vat, w.y, { align: 'right' });
    w.text(euros(line.totalAmount), columns.total - 4, w.y, { align: 'right' });
    for (const [i, text] of labelLines.entries()) {
      if (i > 0) w.y -= 12;
      w.text(text, columns.label + 4, w.y, { bold: true });
    }
    for (const text of descriptionLines) {
      w.y -= 10;
      w.text(text, columns.label + 4, w.y, { size: 7.5, color: MUTED });
    }
    w.y -= 8;
    w.rule();
  }

  // Totals, right.
  const rows: { label: string; value: string; strong?: boolean }[] = [
    { label: 'Total HT', value: euros(doc.totalAmount) },
    ...doc.vatBreakdown.map((rate) => ({
      label: `TVA ${rate.vatRatePercent} % sur ${euros(rate.baseAmount)}`,
      value: euros(rate.vatAmount),
    })),
    { label: 'Total TTC', value: euros(doc.totalWithVat), strong: true },
    ...doc.depositsDeducted.map((deposit) => ({
      label: `Acompte facturé (${deposit.number} du ${frenchDate(deposit.issueDate)})`,
      value: euros(-deposit.amountWithVat),
    })),
    ...(doc.kind === 'credit_note' && doc.layout === INVOICE_LAYOUT
      ? creditNoteRows(doc)
      : [
          ...(doc.paidWithVat > 0
            ? [
                {
                  label: doc.paymentDate ? `Payé le ${frenchDate(doc.paymentDate)}` : 'Payé',
                  value: euros(-doc.paidWithVat),
                },
              ]
            : []),
          {
            label: doc.kind === 'credit_note' ? 'Montant de l’avoir TTC' : 'Reste à payer',
            value: euros(doc.amountDueWithVat),
            strong: true,
          },
        ]),
  ];
  w.y -= 8;
  w.ensure(rows.length * 15 + 10);
  for (const row of rows) {
    w.y -= 15;
    w.text(row.label, right - 110, w.y, {
      size: 9,
      bold: row.strong,
      color: row.strong ? INK : MUTED,
      align: 'right',
    });
    w.text(row.value, right - 4, w.y, { size: row.strong ? 10 : 9, bold: row.strong, align: 'right' });
  }

  // Payment and legal mentions.
  w.y -= 24;
  w.ensure(60);
  w.rule(w.y + 8);
  w.paragraph(doc.mentions.paymentTerms, MARGIN, right - MARGIN, { size: 9, bold: true });
  for (const mention of [
    doc.mentions.latePayment,
    doc.mentions.recoveryIndemnity,
    doc.mentions.earlyPaymentDiscount,
  ].filter((text): text is string => text !== null)) {
    w.paragraph(mention, MARGIN, right - MARGIN, { size: 7.5, color: MUTED });
  }
}

/**
 * A credit note's amounts (layout 2): what it gives back, then, refunded, the refund and nothing
 * left, as its XML says (BT-113 the refund, BT-115 zero); not refunded yet, all of it still due.
 */
function creditNoteRows(doc: InvoiceDocument): { label: string; value: string; strong?: boolean }[] {
  const credited = doc.paidWithVat + doc.amountDueWithVat;
  return [
    { label: 'Montant de l’avoir TTC', value: euros(credited), strong: true },
    ...(doc.paidWithVat > 0
      ? [
          {
            label: doc.paymentDate ? `Remboursé le ${frenchDate(doc.paymentDate)}` : 'Remboursé',
            value: euros(-doc.paidWithVat),
          },
        ]
      : []),
    { label: 'Reste à rembourser', value: euros(doc.amountDueWithVat) },
  ];
}
