import { formatEurosTTC } from '@coseso/domain/pricing/format-euros';
import Handlebars from 'handlebars';
import {
  type EmailData,
  type EmailTemplateName,
  InvalidEmailDataError,
  emailTemplateNames,
  paidForLabel,
  paidForValues,
  renderEmail,
} from './email-templates.js';
import { emailSamples } from './testing/email-samples.js';

const publicUrl = 'https://app.coseso.fr';
const render = <N extends EmailTemplateName>(name: N, data: EmailData<N> = emailSamples[name]) =>
  renderEmail(name, data, { publicUrl });
const orderPage = `${publicUrl}/dashboard/8d0f6c1e-3b7a-4c1e-9a51-0c9b1f0e2a77`;

/** What each email must say, in its HTML and in its text part alike. */
const expected: { readonly [N in EmailTemplateName]: { subject: RegExp; says: string[] } } = {
  'order-confirmation': {
    subject: /^Votre commande #1042 est bien enregistrée$/,
    says: [
      '#1042',
      'passée avec cette adresse email',
      'Montant total',
      formatEurosTTC(123_456),
      'Premier paiement (acompte de 50 %)',
      formatEurosTTC(61_728),
      `${publicUrl}/order-confirmation/8d0f6c1e-3b7a-4c1e-9a51-0c9b1f0e2a77`,
      'origine de cette commande ? Ignorez simplement cet email',
    ],
  },
  'payment-receipt': {
    subject: /^Paiement reçu : acompte de 50 % – commande #1042$/,
    says: ['Acompte de 50 %', '1\u00a0234,56\u00a0€\u00a0TTC', '15 mars 2025', '#1042', orderPage],
  },
  'account-created': {
    subject: /^Bienvenue chez Coseso : choisissez votre mot de passe$/,
    says: ['claire@boulangerie-martin.fr', '#1042', `${publicUrl}/auth/set-password?token=abc123`, '7 jours'],
  },
  'password-reset': {
    subject: /^Réinitialisation de votre mot de passe Coseso$/,
    says: [`${publicUrl}/auth/reset-password?token=def456`, '1 heure', 'ignorez simplement cet email'],
  },
  'sign-in-attempts': {
    subject: /^Tentatives de connexion à votre compte Coseso$/,
    says: [`${publicUrl}/auth`, '15 minutes', 'appareils inconnus', 'espace client'],
  },
  'team-invitation': {
    subject: /^Vous rejoignez l’équipe du back-office Coseso$/,
    says: ['Ana Lopez', 'le rôle auditeur', `${publicUrl}/admin/set-password?token=ghi789`, '1 heure'],
  },
  'team-role-changed': {
    subject: /^Votre rôle dans le back-office Coseso a changé$/,
    says: ['Ana Lopez', 'désormais administrateur', 'pendant les congés', 'reconnectez-vous'],
  },
  'team-deactivated': {
    subject: /^Votre compte du back-office Coseso est désactivé$/,
    says: ['Ana Lopez', 'ne pouvez plus vous connecter', 'Départ de l’agence'],
  },
  'contract-to-sign': {
    subject: /^Votre contrat est prêt à être signé – commande #1042$/,
    says: ['#1042', 'Boulangerie Martin', 'signez-le en ligne', 'notre équipe ouvre votre brief', orderPage],
  },
  'brief-opened': {
    subject: /^Votre brief est ouvert : envoyez-nous vos éléments – commande #1042$/,
    says: ['#1042', 'Boulangerie Martin', 'onglet Médias', orderPage],
  },
  'brief-received': {
    subject: /^Brief bien reçu – commande #1042$/,
    says: ['#1042', 'Boulangerie Martin', 'avec 3 fichiers', orderPage],
  },
  'brief-validated': {
    subject: /^Brief validé : la création de votre site commence – commande #1042$/,
    says: ['#1042', 'Boulangerie Martin', orderPage],
  },
  'more-elements-requested': {
    subject: /^Quelques éléments de plus pour votre site – commande #1042$/,
    says: ['#1042', 'votre logo en haute définition ?', 'Et trois photos de la boutique.', orderPage],
  },
  'new-messages': {
    subject: /^2 nouveaux messages de l'équipe Coseso – commande #1042$/,
    says: [
      '#1042',
      'Notre équipe vous a écrit 2 messages',
      'voici la première version de la page d’accueil.',
      '1 pièce jointe',
      'Dites-nous si les couleurs vous conviennent.',
      'onglet Messages',
      `${orderPage}?tab=messages`,
    ],
  },
  'team-alert': {
    subject: /^Brief envoyé – commande #1042$/,
    says: [
      'Brief envoyé – commande',
      'Boulangerie Martin',
      'Le client a envoyé son brief (2 fichiers).',
      `${publicUrl}/admin?order=8d0f6c1e-3b7a-4c1e-9a51-0c9b1f0e2a77`,
    ],
  },
  'review-ready': {
    subject: /^Nouvelle version de votre site à relire \(tour 2\) – commande #1042$/,
    says: ['tour de relecture n° 2', 'https://apercu.coseso.fr/boulangerie-martin', orderPage],
  },
  'changes-done': {
    subject: /^Vos modifications sont prêtes – commande #1042$/,
    says: [
      'https://apercu.coseso.fr/boulangerie-martin-v2',
      'Le menu est maintenant en haut de page.',
      orderPage,
    ],
  },
  delivered: {
    subject: /^Le site de Boulangerie Martin est en ligne !$/,
    says: ['https://www.boulangerie-martin.fr', '#1042', orderPage],
  },
  'subscription-cancelled': {
    // 22:00 UTC on April 30 is already May 1 in Paris.
    subject: /^Annulation de votre abonnement confirmée – commande #1042$/,
    says: ['1 mai 2025', '#1042', 'Boulangerie Martin', orderPage],
  },
  'payment-failed': {
    subject: /^Échec du paiement de votre abonnement : mettez à jour votre carte$/,
    says: [formatEurosTTC(7_644), 'Boulangerie Martin', `${orderPage}?tab=subscription`],
  },
  'final-payment-due': {
    subject: /^Maquette validée : réglez le solde – commande #1042$/,
    says: ['Fournil', 'Solde', formatEurosTTC(58_860), '#1042', `Payer ${formatEurosTTC(58_860)}`, orderPage],
  },
  'order-reactivated': {
    subject: /^Votre commande #1042 est de nouveau active$/,
    says: [
      '#1042',
      'est de nouveau active depuis le 22 mars 2025',
      'Le projet reprend à la création de votre site par notre équipe.',
      'régler depuis votre espace client',
      formatEurosTTC(35_820),
      'avant la suite du paiement',
      `le solde vous sera demandé : ${formatEurosTTC(35_820)}`,
      orderPage,
    ],
  },
  'order-cancelled': {
    subject: /^Annulation de votre commande #1042$/,
    says: [
      'Atelier Lumière',
      'le 20 mars 2025',
      formatEurosTTC(58_860),
      'nous vous remboursons',
      'sur la carte utilisée pour le paiement',
      orderPage,
    ],
  },
  'test-email': {
    subject: /^Email de test Coseso$/,
    says: ['15 mars 2025 à 11:30', 'email de test'],
  },
};

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!);

describe('the email templates', () => {
  it.each(emailTemplateNames)('%s renders in French, with its facts in both parts', (name) => {
    const email = render(name);
    expect(email.subject).toMatch(expected[name].subject);
    for (const fact of expected[name].says) {
      expect(email.html).toContain(Handlebars.escapeExpression(fact));
      expect(email.text).toContain(fact);
    }
    expect(email.html).toMatch(/^<!DOCTYPE html>\n<html lang="fr">/);
    expect(email.html).toContain(`<title>${Handlebars.escapeExpression(email.subject)}</title>`);
    for (const part of [email.html, email.text]) {
      expect(part).toContain('support@coseso.fr');
      expect(part).toContain('Lun-Ven 9h-18h');
      expect(part).not.toMatch(/undefined|null|NaN|\{\{|\[object/);
    }
    expect(email.text).not.toMatch(/<[a-z]|&[#a-z0-9]+;/i);
    expect(email.text).not.toMatch(/\n{3,}/);
  });

  it.each(emailTemplateNames)(
    '%s links only to absolute addresses, with no image or font to fetch',
    (name) => {
      const { html, text } = render(name);
      for (const href of hrefs(html)) expect(href).toMatch(/^(https:\/\/|mailto:support@coseso\.fr$)/);
      for (const url of text.match(/\S+:\/\/\S+/g) ?? []) expect(url).toMatch(/^https:\/\//);
      expect(html).not.toMatch(/<img|<link|url\(|@import/i);
    },
  );

  it('escapes what users typed, in the subject, the body and the team messages', () => {
    const hostile = '<script>alert("x")</script> & Fils';
    const email = render('more-elements-requested', {
      ...emailSamples['more-elements-requested'],
      firstName: '<b>Claire</b>',
      companyName: hostile,
      message: 'Ligne 1\n<img src=x onerror=alert(1)>',
    });
    expect(email.html).not.toMatch(/<script|<b>|<img/);
    expect(email.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Fils');
    expect(email.html).toContain('Ligne 1<br>&lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;');
    // The text part is plain text: shown as typed, quoted line by line.
    expect(email.text).toContain(`site de ${hostile} (commande`);
    expect(email.text).toContain('> Ligne 1\n> <img src=x onerror=alert(1)>');

    const delivered = render('delivered', { ...emailSamples.delivered, companyName: "L'Atelier\n<i>" });
    expect(delivered.subject).toBe("Le site de L'Atelier <i> est en ligne !");
    expect(delivered.html).toContain(`<title>Le site de L&#x27;Atelier &lt;i&gt; est en ligne !</title>`);
  });

  it('keeps a link attribute closed whatever the URL holds', () => {
    const { html } = render('review-ready', {
      ...emailSamples['review-ready'],
      previewUrl: 'https://apercu.coseso.fr/a"onmouseover="alert(1)',
    });
    expect(hrefs(html)).toContain('https://apercu.coseso.fr/a&quot;onmouseover&#x3D;&quot;alert(1)');
    expect(html).not.toContain('"onmouseover');
  });

  it('resolves app paths against PUBLIC_URL and gives bare site addresses https', () => {
    const email = renderEmail(
      'delivered',
      { ...emailSamples.delivered, siteUrl: 'boulangerie-martin.fr', orderUrl: '/dashboard/x' },
      { publicUrl: 'http://localhost:3000/' },
    );
    expect(hrefs(email.html)).toEqual(
      expect.arrayContaining(['https://boulangerie-martin.fr', 'http://localhost:3000/dashboard/x']),
    );
  });

  it.each(['javascript:alert(1)', '//evil.example/x', 'mailto:a@b.fr', 'data:text/html,x', 'intranet', ''])(
    'refuses %j as a link',
    (siteUrl) => {
      expect(() => render('delivered', { ...emailSamples.delivered, siteUrl })).toThrow(
        InvalidEmailDataError,
      );
    },
  );

  it('never carries a password, even one passed by mistake', () => {
    const email = render('account-created', {
      ...emailSamples['account-created'],
      password: 'Secret-123',
    } as EmailData<'account-created'>);
    expect(email.html + email.text).not.toContain('Secret-123');
  });

  it('names the field a caller got wrong', () => {
    expect(() =>
      render('payment-receipt', { ...emailSamples['payment-receipt'], amountWithVat: 12.5 }),
    ).toThrow(/payment-receipt.*amountWithVat/);
    expect(() => render('payment-receipt', { ...emailSamples['payment-receipt'], paidAt: 'hier' })).toThrow(
      /paidAt/,
    );
    expect(() => renderEmail('nope' as EmailTemplateName, {} as never, { publicUrl })).toThrow(
      /Unknown email template "nope"/,
    );
  });

  it('leaves optional parts out cleanly', () => {
    const { html, text } = render('changes-done', { ...emailSamples['changes-done'], note: null });
    expect(html + text).not.toContain('Un mot de notre équipe');
    const anonymous = render('password-reset', { resetUrl: '/r' });
    expect(anonymous.text).toMatch(/^Bonjour,\n/);
    const unknownAmount = render('payment-failed', {
      ...emailSamples['payment-failed'],
      amountWithVat: undefined,
    });
    expect(unknownAmount.text).toContain("n'a pas pu être réglé. Cela");
  });

  it('tells of the invoices a reactivation issued again: number, HT and TTC, and where to find them', () => {
    const { html, text } = render('order-reactivated', {
      ...emailSamples['order-reactivated'],
      firstOwedWithVat: 0,
      reissuedInvoices: [
        { number: 'F-2026-000003', totalAmount: 14_925, totalWithVat: 17_910 },
        { number: 'F-2026-000004', totalAmount: 14_925, totalWithVat: 17_910 },
      ],
    });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('de nouvelles factures vous sont émises, jointes à cet email');
    expect(flat).toContain(
      `- Facture F-2026-000003 : 149,25 € HT, soit ${formatEurosTTC(17_910)}, déjà réglée`.replace(
        /\s+/g,
        ' ',
      ),
    );
    expect(flat).toContain('- Facture F-2026-000004');
    expect(flat).toContain('« Facture réémise suite à la réactivation de votre commande »');
    expect(html).toContain('Facture <strong>F-2026-000003</strong>');
    // None issued again: not a word of it.
    expect(render('order-reactivated').text).not.toContain('réémise');
  });

  it('names every kind of payment on the receipt', () => {
    const labels = paidForValues.map((paidFor) => {
      const { subject, text } = render('payment-receipt', { ...emailSamples['payment-receipt'], paidFor });
      expect(text).toContain(`- Objet : ${paidForLabel(paidFor)}\n`);
      return subject;
    });
    expect(labels).toEqual([
      'Paiement reçu : acompte de 50 % – commande #1042',
      'Paiement reçu : frais de mise en service – commande #1042',
      'Paiement reçu : solde de 50 % – commande #1042',
      "Paiement reçu : premier mois d'abonnement – commande #1042",
      "Paiement reçu : renouvellement de l'abonnement – commande #1042",
      'Paiement reçu : chargé de compte dédié (1 an) – commande #1042',
    ]);
  });

  it('welcomes a client whose first name and login are not given', () => {
    const { text } = render('account-created', {
      firstName: '',
      orderNumber: 1042,
      setPasswordUrl: 'https://app.coseso.fr/auth/set-password?token=t&order=o',
    });
    expect(text).toMatch(/^Bonjour,\n/);
    expect(text).toContain('Suite à votre commande #1042, votre espace client est prêt.');
    expect(text).toContain("Votre identifiant est l'adresse email à laquelle vous recevez ce message.");
    expect(text).toContain('https://app.coseso.fr/auth/set-password?token=t&order=o');
  });

  it('words the first review and the monthly plan as such', () => {
    const first = render('review-ready', { ...emailSamples['review-ready'], round: 1 });
    expect(first.subject).toBe('Votre site est prêt à être relu – commande #1042');
    expect(first.text).toContain('La première version du site de Boulangerie Martin est prête');
    const monthly = render('order-confirmation', {
      ...emailSamples['order-confirmation'],
      billingPeriod: 'monthly',
      totalWithVat: 11_880,
      monthlyWithVat: 7_644,
      firstPaymentWithVat: 11_880,
    });
    expect(monthly.text).toContain(`- Abonnement : ${formatEurosTTC(7_644)} par mois`);
    expect(monthly.text).toContain(
      `- Premier paiement (frais de mise en service) : ${formatEurosTTC(11_880)}`,
    );
  });

  it("writes « du », « d' » before a company name as French does, in every template that names it", () => {
    const named = (name: string) =>
      [
        render('delivered', { ...emailSamples.delivered, companyName: name }),
        render('order-cancelled', { ...emailSamples['order-cancelled'], companyName: name }),
        render('final-payment-due', { ...emailSamples['final-payment-due'], companyName: name }),
      ].flatMap((email) => [email.subject, email.text, email.html]);
    for (const part of named('Le Fournil')) expect(part).not.toMatch(/de (<strong>)?Le Fournil/);
    expect(named('Le Fournil').join('\n')).toContain('site du Fournil');
    expect(named('Le Fournil')[0]).toBe('Le site du Fournil est en ligne !');
    expect(named('Le Fournil').join('\n')).toContain('site du <strong>Fournil</strong>');
    expect(named('Atelier Lumière').join('\n')).toContain("site d'Atelier Lumière");
    expect(named('Atelier Lumière').join('\n')).toContain('site d&#x27;<strong>Atelier Lumière</strong>');
  });

  it('tells the team several alerts in one digest, each with its order and its link', () => {
    const alert = emailSamples['team-alert'].alerts[0]!;
    const email = render('team-alert', {
      alerts: [
        alert,
        {
          ...alert,
          orderNumber: 1043,
          companyName: "L'Atelier",
          title: 'Paiement échoué',
          what: 'Le paiement par carte a échoué (acompte de 50 %).',
          orderUrl: '/admin?order=00000000-0000-4000-8000-000000001043',
        },
      ],
    });
    expect(email.subject).toBe('2 actions de clients à traiter');
    for (const part of [email.text, email.html]) {
      expect(part).toContain('2 actions de clients');
      expect(part).toContain('#1042');
      expect(part).toContain('#1043');
    }
    const link = `${publicUrl}/admin?order=00000000-0000-4000-8000-000000001043`;
    expect(email.text).toContain(link);
    expect(email.html).toContain(Handlebars.escapeExpression(link));
    expect(email.text).toContain("Paiement échoué – commande #1043 (L'Atelier)");
  });

  it('accepts a Date where a date is expected', () => {
    const { text } = render('subscription-cancelled', {
      ...emailSamples['subscription-cancelled'],
      activeUntil: new Date('2025-12-31T12:00:00Z'),
    });
    expect(text).toContain('31 décembre 2025');
  });
});
