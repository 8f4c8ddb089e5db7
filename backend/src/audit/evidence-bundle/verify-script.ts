/**
 * `verify.mjs`, shipped in every evidence bundle: a third party re-verifies the bundle offline with
 * plain Node (18 or later) and nothing else. It is text, not a module of ours, because it must run
 * where none of our code is; so it carries its own copy of the canonical JSON of hash-chain.ts, and
 * verify-script.unit.spec.ts holds the two to the same hashes on the same values.
 *
 * Written without template literals, so that it sits in this String.raw as it is.
 */
export const VERIFY_SCRIPT = String.raw`#!/usr/bin/env node
// Vérifie un dossier de preuves Coseso, hors ligne et sans dépendance (Node 18 ou plus récent).
// Usage : node verify.mjs [dossier]   (par défaut : le dossier courant)
// Affiche « OK » et sort avec le code 0 quand tout concorde ; sinon « ÉCHEC », chaque problème
// (dont le premier maillon rompu de la chaîne) et le code 1.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const dir = (process.argv[2] || '.').replace(/[\\/]+$/, '') || '/';
const pathOf = (name) => dir + '/' + name;
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

// Le JSON canonique de la chaîne : clés d'objet triées (par unités de code UTF-16, comme RFC 8785),
// sans espace ; nombres et chaînes écrits comme JSON.stringify.
function canonicalJson(value) {
  const text = write(value);
  return text === undefined ? 'null' : text;
}
function write(value) {
  const json =
    value !== null && typeof value === 'object' && typeof value.toJSON === 'function' ? value.toJSON() : value;
  if (json === null) return 'null';
  switch (typeof json) {
    case 'string':
    case 'number':
    case 'boolean':
      return JSON.stringify(json);
    case 'object':
      if (Array.isArray(json)) {
        return '[' + json.map((item) => { const text = write(item); return text === undefined ? 'null' : text; }).join(',') + ']';
      }
      return '{' + Object.keys(json).sort().flatMap((key) => {
        const item = write(json[key]);
        return item === undefined ? [] : [JSON.stringify(key) + ':' + item];
      }).join(',') + '}';
    case 'bigint':
      throw new TypeError('a bigint has no JSON form');
    default:
      return undefined;
  }
}

// Le maillon d'un événement : SHA-256 de l'empreinte du précédent (64 caractères hexadécimaux, vide
// pour le premier) suivie du JSON canonique de son type, de sa version, de ses données et métadonnées.
const linkOf = (previous, event) =>
  createHash('sha256')
    .update(previous, 'utf8')
    .update(canonicalJson({ type: event.type, schemaVersion: event.schemaVersion, data: event.data, metadata: event.metadata }), 'utf8')
    .digest('hex');

const problems = [];
const fail = () => {
  console.log('ÉCHEC');
  for (const problem of problems) console.log('- ' + problem);
  process.exit(1);
};

let manifestBytes;
let manifest;
try {
  manifestBytes = readFileSync(pathOf('manifest.json'));
  manifest = JSON.parse(manifestBytes.toString('utf8'));
} catch (error) {
  problems.push('manifest.json est illisible ou absent de « ' + dir + ' » : ' + error.message);
  fail();
}

// 1. Chaque fichier est celui que le manifeste décrit.
for (const file of manifest.files) {
  let bytes;
  try {
    bytes = readFileSync(pathOf(file.name));
  } catch {
    problems.push(file.name + ' : fichier absent du dossier.');
    continue;
  }
  const found = sha256(bytes);
  if (found !== file.sha256)
    problems.push(file.name + ' : son empreinte SHA-256 n’est pas celle du manifeste (attendue ' + file.sha256 + ', trouvée ' + found + ').');
}

// 2. La chaîne d'empreintes, recalculée événement par événement.
const chain = [];
let broken = false;
let text = '';
try {
  text = readFileSync(pathOf(manifest.events.file), 'utf8');
} catch {
  problems.push(manifest.events.file + ' : fichier absent du dossier.');
  broken = true;
}
const lines = text.split('\n').filter((line) => line.trim() !== '');
let previous = '';
for (let i = 0; i < lines.length && !broken; i++) {
  const where = 'ligne ' + (i + 1) + ' de ' + manifest.events.file;
  let event;
  try {
    event = JSON.parse(lines[i]);
  } catch {
    problems.push('Maillon rompu : la ' + where + ' n’est pas un événement lisible (JSON invalide).');
    broken = true;
    break;
  }
  if (event.streamId !== manifest.order.streamId) {
    problems.push('Maillon rompu : la ' + where + ' appartient au flux « ' + event.streamId + ' », pas à « ' + manifest.order.streamId + ' ».');
    broken = true;
  } else if (event.streamRevision !== i) {
    problems.push('Maillon rompu : la ' + where + ' porte l’événement n° ' + event.streamRevision + ' à la place du n° ' + i + ' (événement retiré ou déplacé).');
    broken = true;
  } else {
    const expected = linkOf(previous, event);
    if (event.hash !== expected) {
      problems.push('Maillon rompu : événement n° ' + i + ' (' + where + ', ' + event.type + ') : l’empreinte recalculée est ' + expected + ', le dossier indique ' + event.hash + '. Cet événement a été modifié après son enregistrement.');
      broken = true;
    } else {
      chain.push(event);
      previous = expected;
    }
  }
}
if (!broken) {
  const last = chain.length - 1;
  if (chain.length !== manifest.events.count || last !== manifest.events.lastRevision)
    problems.push(manifest.events.file + ' contient ' + chain.length + ' événements, le manifeste en annonce ' + manifest.events.count + ' (n° 0 à ' + manifest.events.lastRevision + ') : des événements ont été retirés ou ajoutés.');
  else if ((chain[last] ? chain[last].hash : null) !== manifest.events.lastEventHash)
    problems.push('Le dernier maillon de la chaîne (' + previous + ') n’est pas celui du manifeste (' + manifest.events.lastEventHash + ').');
}

// 3. Les pièces renvoient à des événements de la chaîne, et le contrat à l'empreinte enregistrée.
const eventAt = (revision, hash, label) => {
  const event = chain[revision];
  if (!event) {
    if (!broken) problems.push(label + ' : l’événement n° ' + revision + ' n’est pas dans la chaîne.');
    return null;
  }
  if (event.hash !== hash) {
    problems.push(label + ' : l’empreinte indiquée pour l’événement n° ' + revision + ' (' + hash + ') n’est pas celle de la chaîne (' + event.hash + ').');
    return null;
  }
  return event;
};
const contract = manifest.contract;
if (contract && contract.file && contract.recordedBy) {
  const event = eventAt(contract.recordedBy.revision, contract.recordedBy.eventHash, 'Contrat');
  let found = null;
  try {
    found = sha256(readFileSync(pathOf(contract.file)));
  } catch {
    problems.push(contract.file + ' : fichier absent du dossier.');
  }
  if (event && found !== null && event.data.documentSha256 !== found)
    problems.push('Contrat : ' + contract.file + ' a l’empreinte ' + found + ', l’événement n° ' + event.streamRevision + ' (' + event.type + ') a enregistré ' + event.data.documentSha256 + '.');
}
const pieces = [];
for (const name of ['approval-receipts.json', 'payments.json']) {
  let list = [];
  try {
    list = JSON.parse(readFileSync(pathOf(name), 'utf8'));
  } catch {
    problems.push(name + ' : fichier absent ou illisible.');
  }
  for (const piece of list) {
    const event = eventAt(piece.revision, piece.eventHash, name);
    if (event && event.type !== piece.type)
      problems.push(name + ' : l’événement n° ' + piece.revision + ' est un ' + event.type + ', pas un ' + piece.type + '.');
  }
  pieces.push(list.length);
}

if (problems.length > 0) fail();
console.log('OK');
console.log('Dossier de preuves de la commande n° ' + manifest.order.number + ' (' + manifest.order.id + ')');
console.log('- ' + manifest.files.length + ' fichiers : empreintes SHA-256 conformes au manifeste.');
console.log('- ' + chain.length + ' événements (n° 0 à ' + (chain.length - 1) + ') : chaîne d’empreintes intacte, dernier maillon ' + previous + '.');
if (contract && contract.file && contract.recordedBy)
  console.log('- Contrat : ' + contract.file + ' a l’empreinte enregistrée par l’événement n° ' + contract.recordedBy.revision + ' (' + contract.recordedBy.type + ').');
else if (contract && contract.recordedBy)
  console.log('- Contrat : son document n’est pas dans le dossier ; l’événement n° ' + contract.recordedBy.revision + ' (' + contract.recordedBy.type + ') a enregistré l’empreinte ' + contract.recordedSha256 + '.');
else
  console.log('- Contrat : aucun contrat électronique n’a été établi pour cette commande.');
console.log('- ' + pieces[0] + ' reçu(s) de validation et ' + pieces[1] + ' événement(s) de paiement renvoient à des événements de la chaîne.');
console.log('Empreinte SHA-256 de manifest.json : ' + sha256(manifestBytes));
console.log('(à comparer avec l’événement EvidenceBundleExported que l’export de ce dossier a ajouté au journal)');
`;
