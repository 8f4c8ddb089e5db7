/**
 * An erasure's answer to the admin: what was done, and how many events written before encryption
 * existed keep their personal fields in clear in the log (decision 25).
 */
export const erasureMessage = (done: string, plaintextEvents: number): string =>
  done +
  (plaintextEvents > 0
    ? ` ${plaintextEvents} événement(s) enregistré(s) avant le chiffrement gardent leurs données en clair dans la table des événements, qui n’est jamais réécrite ; les écrans, exports et relectures les montrent effacées.`
    : '');
