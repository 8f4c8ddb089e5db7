import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFStream,
  PDFString,
  decodePDFRawStream,
} from 'pdf-lib';

/** What a reader of the PDF finds in it: its XMP packet, its output intent and its attachment. */
export async function parseBack(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const catalog = pdf.catalog;
  const streamText = (stream: unknown) =>
    Buffer.from(
      stream instanceof PDFRawStream
        ? decodePDFRawStream(stream).decode()
        : (stream as PDFStream).getContents(),
    ).toString('utf8');
  const xmp = streamText(catalog.lookup(PDFName.of('Metadata')));
  const intents = catalog.lookup(PDFName.of('OutputIntents'), PDFArray);
  const intent = intents.lookup(0, PDFDict);
  const iccBytes = decodePDFRawStream(
    intent.lookup(PDFName.of('DestOutputProfile'), PDFStream) as PDFRawStream,
  ).decode();
  const af = catalog.lookup(PDFName.of('AF'), PDFArray);
  const fileSpec = af.lookup(0, PDFDict);
  const embedded = fileSpec
    .lookup(PDFName.of('EF'), PDFDict)
    .lookup(PDFName.of('F'), PDFStream) as PDFRawStream;
  const names = catalog
    .lookup(PDFName.of('Names'), PDFDict)
    .lookup(PDFName.of('EmbeddedFiles'), PDFDict)
    .lookup(PDFName.of('Names'), PDFArray);
  return {
    pdf,
    xmp,
    intent: {
      subtype: intent.get(PDFName.of('S'))?.toString(),
      iccHeader: Buffer.from(iccBytes.slice(12, 20)).toString('latin1'),
    },
    attachment: {
      fileName: (fileSpec.lookup(PDFName.of('UF')) as PDFHexString).decodeText(),
      listedAs: (names.lookup(0) as PDFString | PDFHexString).decodeText(),
      relationship: fileSpec.get(PDFName.of('AFRelationship'))?.toString(),
      mimeType: embedded.dict.get(PDFName.of('Subtype'))?.toString(),
      xml: Buffer.from(decodePDFRawStream(embedded).decode()).toString('utf8'),
    },
    fileId: pdf.context.trailerInfo.ID,
    fontFiles: pdf.context
      .enumerateIndirectObjects()
      .filter(
        ([, object]) =>
          object instanceof PDFDict && object.get(PDFName.of('Type'))?.toString() === '/FontDescriptor',
      )
      .map(([, descriptor]) => (descriptor as PDFDict).has(PDFName.of('FontFile2'))),
  };
}
