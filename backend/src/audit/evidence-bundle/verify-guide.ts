export interface GuideFacts {
  readonly orderNumber: number;
  readonly orderId: string;
  readonly generatedAt: string;
  readonly generatedBy: string;
  readonly eventCount: number;
  readonly lastRevision: number;
  /** The contract the stream records; `included`: its document is in the bundle. */
  readonly contract: { status: 'signed' | 'issued'; included: boolean; revision: number } | null;
}

function contractLine({ contract }: GuideFacts): string {
  if (!contract)
    return "- Aucun contrat électronique n'a été établi pour cette commande (un contrat signé sur papier apparaît dans les événements comme une correction de statut) : le dossier n'en contient pas.";
  const what =
    contract.status === 'signed'
      ? `le contrat signé, tel que le client l'a lu et signé ; son empreinte SHA-256 est celle qu'enregistre l'événement de signature (ContractSigned, n° ${contract.revision})`
      : `le contrat établi mais pas encore signé ; son empreinte SHA-256 est celle qu'enregistre l'événement ContractIssued n° ${contract.revision}`;
  return contract.included
    ? `- \`contrat.html\` : ${what}.`
    : `- Le document du contrat (événement n° ${contract.revision}) est introuvable dans nos archives : le dossier ne le contient pas, son empreinte figure dans \`manifest.json\` et dans l'événement.`;
}

/** VERIFY.md: how a third party (a bank, a court, an expert) re-verifies the bundle without us. */
export function verifyGuide(facts: GuideFacts): string {
  const next = facts.lastRevision + 1;
  return `# Dossier de preuves — commande n° ${facts.orderNumber}

Commande \`${facts.orderId}\`, dossier établi le ${facts.generatedAt.slice(0, 10)} à ${facts.generatedAt.slice(11, 19)} UTC par ${facts.generatedBy}.

Ce dossier réunit ce que le journal de Coseso a enregistré pour cette commande, de façon à pouvoir
être vérifié **hors ligne, par un tiers, sans nous faire confiance** : chaque modification de la
commande est un événement, et chaque événement porte une empreinte (SHA-256) qui dépend de son
contenu et de l'empreinte de l'événement précédent. Modifier, retirer ou intercaler un événement
casse la chaîne à partir de cet endroit.

## Contenu

- \`manifest.json\` : la commande, la date et l'auteur du dossier, et l'empreinte SHA-256 de chacun
  des autres fichiers.
- \`events.ndjson\` : les ${facts.eventCount} événements de la commande (n° 0 à ${facts.lastRevision}), un par ligne, exactement
  tels qu'ils sont enregistrés : type, version, données, métadonnées (qui, quand, depuis où), numéro
  dans le flux, position dans le journal, date d'enregistrement et empreinte (\`hash\`). Les données
  personnelles y figurent chiffrées, comme elles sont enregistrées : chacune est remplacée par
  \`{"$sealed": true}\`, et celles d'un même événement sont chiffrées ensemble dans ses métadonnées
  (\`"$sealed": {"$enc": …, "subject": …}\`, \`subject\` désignant la personne dont ce sont les
  données) ; dans les événements enregistrés avant le 27 novembre 2026, chacune est chiffrée seule, à
  sa place (\`{"$enc": …, "subject": …}\`). Tout le reste (montants, dates, empreintes, auteur) est en
  clair. La chaîne d'empreintes porte sur ce chiffré, si bien qu'elle se vérifie aussi après
  l'effacement des données d'un client. Les autres fichiers les donnent en clair, ou « données
  effacées ».
${contractLine(facts)}
- \`approval-receipts.json\` : chaque validation de maquette par le client (tour, adresse de la
  maquette validée, référence de la session du client, date, auteur), avec le numéro et l'empreinte
  de l'événement qui l'enregistre.
- \`payments.json\` : chaque événement de paiement (liens de paiement, paiements reçus, abonnement)
  avec les montants TTC en centimes et les identifiants du prestataire de paiement tels que les
  événements les contiennent, avec le numéro et l'empreinte de l'événement.
- \`verify.mjs\` : un petit programme de vérification, sans dépendance.
- \`VERIFY.md\` : ce guide.

Les fichiers \`approval-receipts.json\` et \`payments.json\` sont des extraits lisibles de
\`events.ndjson\`, qui seul fait foi.

## Vérifier avec le programme fourni

Avec Node.js 18 ou plus récent, dans le dossier décompressé :

\`\`\`sh
node verify.mjs
\`\`\`

Le programme n'utilise que les modules intégrés de Node (\`node:crypto\`, \`node:fs\`) et ne se
connecte à rien ; il se lit en quelques minutes. Il affiche \`OK\` quand :

1. chaque fichier a l'empreinte SHA-256 indiquée dans \`manifest.json\` ;
2. la chaîne d'empreintes de \`events.ndjson\` se recalcule à l'identique, du premier au dernier
   événement, et son dernier maillon est celui du manifeste ;
3. le contrat a l'empreinte que l'événement de signature (ou d'établissement) a enregistrée ;
4. chaque reçu et chaque paiement renvoie à un événement de la chaîne (même numéro, même empreinte).

Sinon il affiche \`ÉCHEC\` et chaque problème, dont le premier maillon rompu (numéro de
l'événement, ligne du fichier, empreinte attendue et empreinte trouvée).

## Vérifier à la main

Les empreintes des fichiers se vérifient avec n'importe quel outil SHA-256, par exemple
\`sha256sum *\` (Linux), \`shasum -a 256 *\` (macOS) ou \`Get-FileHash\` (Windows), à comparer à la
liste \`files\` de \`manifest.json\`.

L'empreinte d'un événement est le SHA-256 des octets UTF-8 de :

- l'empreinte de l'événement précédent (ses 64 caractères hexadécimaux ; rien pour l'événement n° 0),
- suivie du **JSON canonique** de l'objet \`{"type", "schemaVersion", "data", "metadata"}\` de
  l'événement : les clés de chaque objet triées (par unités de code UTF-16, comme la RFC 8785),
  aucun espace, les chaînes et les nombres écrits comme le fait \`JSON.stringify\` en JavaScript.

Par exemple, pour un premier événement : \`sha256('' + '{"data":{…},"metadata":{…},"schemaVersion":1,"type":"OrderDraftCreated"}')\`.
Les lignes de \`events.ndjson\` sont elles-mêmes écrites en JSON canonique.

## Ce que couvre ce dossier

\`events.ndjson\` s'arrête à l'événement n° ${facts.lastRevision}, **avant** l'export de ce dossier.
L'export est lui-même enregistré dans le journal de la commande par l'événement suivant
(\`EvidenceBundleExported\`, en principe n° ${next}), qui indique qui a exporté le dossier, quand, le
dernier événement couvert et l'empreinte SHA-256 de ce \`manifest.json\` (affichée par
\`verify.mjs\`). Il figurera dans tout dossier exporté plus tard, ce qui relie les dossiers entre eux.
Chaque personne n'est enregistrée qu'une fois par jour (UTC) et par commande : si ce dossier n'est
pas le premier qu'elle exporte aujourd'hui pour cette commande, l'événement de sa journée figure
déjà dans \`events.ndjson\`, avec l'empreinte du premier dossier, et aucun autre n'est ajouté.

## Ce que la chaîne prouve, et ce qu'elle ne prouve pas

La chaîne prouve que les événements de ce dossier n'ont pas été modifiés, retirés ni réordonnés
depuis qu'ils ont été enchaînés. Elle ne peut pas, à elle seule, exclure qu'une chaîne entière ait
été recalculée : pour cela, comparez son dernier maillon (ou celui d'un événement donné) avec une
empreinte obtenue auparavant par un autre canal, par exemple un dossier exporté plus tôt ou
l'empreinte d'un \`manifest.json\` communiquée à une tierce partie.
`;
}
