/**
 * « de » before a name, as French writes it: the article a name starts with contracts (« Le Fournil »
 * → « du Fournil », « Les Halles » → « des Halles »), « de » elides before a vowel (« d'Atelier
 * Lumière »), and stays before « La » and « L' » (« de La Table », « de L'Atelier »). A name starting
 * with « h » or « y » keeps « de »: whether it is silent, or a vowel, cannot be told from the letters.
 */
export interface OfName {
  /** « du », « des », « d' » or « de », with the space that follows it when there is one. */
  readonly preposition: 'du ' | 'des ' | "d'" | 'de ';
  /** The name as it follows the preposition (without the article « du » and « des » absorbed). */
  readonly name: string;
}

const vowel = /^[aeiouàâäéèêëîïôöùûüœæ]/i;

export function ofName(rawName: string): OfName {
  const name = rawName.trim();
  const article = /^(les|le)\s+(\S.*)$/i.exec(name);
  if (article) return { preposition: article[1]!.toLowerCase() === 'le' ? 'du ' : 'des ', name: article[2]! };
  if (/^l['’]/i.test(name)) return { preposition: 'de ', name };
  if (vowel.test(name)) return { preposition: "d'", name };
  return { preposition: 'de ', name };
}

/** `ofName` as one string: « du Fournil », « d'Atelier Lumière », « de Boulangerie Martin ». */
export const ofNameText = (name: string): string => {
  const { preposition, name: rest } = ofName(name);
  return `${preposition}${rest}`;
};
