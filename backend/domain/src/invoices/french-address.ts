import { type PostalAddress } from './invoice-document.js';

/**
 * The buyer's address as the wizard's free text holds it ("12 rue des Lilas\n75012 Paris"), read into
 * an invoice's postal address: the part that starts with a 5-digit postcode gives the postcode and the
 * city, the other parts the street lines ("France" is dropped: the country is FR).
 */
export function frenchAddressOf(text: string): PostalAddress {
  const parts = text
    .split(/[\n,]/)
    .map((part) => part.trim())
    .filter(Boolean);
  const postcodeAt = parts.findIndex((part) => /^\d{5}\s+\S/.test(part));
  if (postcodeAt < 0) {
    return { line1: parts.join(', '), line2: null, postcode: '', city: '', countryCode: 'FR' };
  }
  const [, postcode, city] = /^(\d{5})\s+(.+)$/.exec(parts[postcodeAt]!)!;
  const street = parts.filter((_, i) => i !== postcodeAt && !/^france$/i.test(parts[i]!));
  return {
    line1: street[0] ?? '',
    line2: street.slice(1).join(', ') || null,
    postcode: postcode!,
    city: city!,
    countryCode: 'FR',
  };
}

/** Whether the text is an address an invoice can carry: a street line, and a postcode with its city. */
export function isInvoiceableAddress(text: string): boolean {
  const address = frenchAddressOf(text);
  return address.postcode !== '' && address.line1 !== '';
}
