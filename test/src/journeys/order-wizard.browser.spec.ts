import { randomUUID } from 'node:crypto';
import { computeOrderPrice } from '@coseso/domain/pricing/compute-order-price';
import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { eventually } from '../support/eventually.js';
import { expect, hydrated, test } from '../support/fixtures.js';
import { expectToast } from '../support/page-checks.js';
import { orderProjected } from '../support/journey.js';

let server: AppServer;
let page: Page;

test.use({
  permissions: ['clipboard-read', 'clipboard-write'],
});
test.beforeEach(({ app, page: testPage }) => {
  server = app;
  page = testPage;
});

const next = () => page.getByRole('button', { name: 'Suivant' }).click();
const stepHeading = (title: string) =>
  expect(page.getByRole('heading', { level: 2, name: title, exact: true }).first()).toBeVisible();
const message = (text: string) => expect(page.getByText(text, { exact: true }).first()).toBeVisible();

async function eventsOf(orderId: string) {
  const { rows } = await server.db.query<{ type: string; data: Record<string, unknown> }>(
    `select type, data from "${server.schema}".events where stream_id = $1 order by stream_revision`,
    [`order-${orderId}`],
  );
  return rows;
}

/** A client account that already uses an email, as the first payment of an earlier order would have made. */
async function existingClient(email: string) {
  const clientId = randomUUID();
  await server.db.query(
    `insert into "${server.schema}".events (stream_id, stream_revision, event_id, type, schema_version, data, metadata)
     values ($1, 0, $2, 'ClientAccountCreated', 1, $3, $4)`,
    [
      `client-${clientId}`,
      randomUUID(),
      JSON.stringify({
        clientId,
        email,
        firstName: 'Ancien',
        lastName: 'Client',
        firstOrderId: randomUUID(),
      }),
      JSON.stringify({
        actor: { kind: 'system', id: 'test' },
        commandId: 'c',
        correlationId: 'c',
        causationId: 'c',
        occurredAt: new Date().toISOString(),
      }),
    ],
  );
}

test.describe('the public ordering journey', () => {
  test('goes from the landing page through the 8 steps to a priced order, surviving a reload', async () => {
    await existingClient('deja@client.fr');
    await page.goto(server.url);
    // Prerendered: the button is on screen before React hydrates it, and a click before that is lost.
    await hydrated(page);
    await page.getByRole('button', { name: 'Je personnalise mon site' }).click();
    await page.waitForURL(/\/order-form\/[0-9a-f-]{36}$/);
    const orderId = page.url().split('/').pop()!;

    // 1. Entreprise: the required fields, the invoice's postal address and the SIREN/SIRET check digit.
    await stepHeading('Entreprise');
    await next();
    await message("Le nom de l'entreprise est requis");
    await message("Le secteur d'activité est requis");
    await message("L'adresse postale de l'entreprise est requise : elle figure sur vos factures");
    await page.getByLabel("Nom de l'entreprise").fill('Boulangerie Martin');
    await page.getByLabel("Secteur d'activité").fill('Boulangerie');
    await page.getByLabel('Adresse postale').fill('12 rue des Lilas');
    await page.getByLabel('SIREN / SIRET').fill('1234');
    await next();
    await message(
      'Indiquez le numéro et la rue, puis le code postal et la ville (ex. : 12 rue des Lilas, 75012 Paris)',
    );
    await message('Le SIREN compte 9 chiffres et le SIRET 14 : vous en avez saisi 4');
    await page.getByLabel('Adresse postale').fill('12 rue des Lilas\n75012 Paris');
    await page.getByLabel('SIREN / SIRET').fill('732 829 321');
    await next();
    await message(
      "Ce SIREN n'existe pas : un chiffre est probablement mal saisi (sa clé de contrôle ne correspond pas)",
    );
    await page.getByLabel('SIREN / SIRET').fill('732 829 320');
    await next();

    // 2. Contact: required fields, then the live email check against existing client accounts.
    await stepHeading('Contact');
    await next();
    await message('Le prénom est requis');
    await message('Le nom est requis');
    await message('Email invalide');
    await page.getByLabel('Prénom').fill('Claire');
    await page.getByLabel('Nom', { exact: true }).fill('Martin');
    await page.getByLabel('Email').fill('deja@client.fr');
    await expect(
      page
        .getByText(
          'Un compte client existe déjà avec cette adresse email - Veuillez choisir une autre adresse email',
        )
        .first(),
    ).toBeVisible();
    await page.getByLabel('Email').fill('claire@boulangerie-martin.fr');
    await expect(
      page.getByText(/Veuillez choisir une autre adresse email/),
      'the email warning goes away',
    ).toBeHidden();
    await next();

    // 3. Type: the AI solution is not available yet.
    await stepHeading('Type');
    await expect(
      page.getByRole('radio', { name: /Solution Express/ }),
      'Solution Express is disabled',
    ).toBeDisabled();
    await expect(page.getByText('Bientôt disponible').first()).toBeVisible();

    // Reload in the middle: the saved step and data come back.
    await eventually(
      async () =>
        (await eventsOf(orderId)).some((e) => (e.data as { currentStep?: number }).currentStep === 3),
      'step 3 is saved',
    );
    await page.reload();
    await stepHeading('Type');
    await expect(page.getByText('Étape 3 sur 8').first()).toBeVisible();
    await page.getByRole('button', { name: 'Précédent' }).click();
    await stepHeading('Contact');
    expect(await page.getByLabel('Email').inputValue()).toBe('claire@boulangerie-martin.fr');
    await next();
    await next();

    // 4. Template & style: a template is required; the inspiration address must be one.
    await stepHeading('Template & style');
    await next();
    await message('Veuillez choisir un type de site');
    await page.getByRole('radio', { name: /Site Vitrine/ }).check();
    await page.getByRole('radio', { name: /Épuré/ }).check();
    await page.getByLabel("Site d'inspiration").fill('pas une adresse');
    await next();
    await message('URL invalide');
    await page.getByLabel("Site d'inspiration").fill('https://www.exemple.fr');
    await next();

    // 5. Logo & Contenu: "I don't have one" reveals the solutions.
    await stepHeading('Logo & Contenu');
    await page.getByRole('radio', { name: "Je n'ai pas de logo" }).check();
    // On its own it is no answer: a solution must be chosen.
    await next();
    await message('Choisissez une solution pour votre logo');
    await page.getByRole('radio', { name: /Logo créé par IA/ }).check();
    await next();

    // 6. Options: E-commerce Pro is for e-commerce sites only.
    await stepHeading('Options');
    await page.getByRole('checkbox', { name: /E-commerce Pro/ }).click();
    await expectToast(page, 'Option réservée aux sites e-commerce');
    expect(await page.getByRole('checkbox', { name: /E-commerce Pro/ }).isChecked()).toBe(false);
    await page.getByRole('checkbox', { name: /Optimisation SEO/ }).check();
    await next();

    // 7. Hébergement: maintenance is included in the Coseso hosting, never a paid extra; a domain is checked and chosen.
    await stepHeading('Hébergement');
    expect(await page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY)).toBe(0);
    await page.getByRole('radio', { name: /Hébergement autonome/ }).check();
    await page.getByRole('radio', { name: /Hébergement Coseso/ }).check();
    await expect(page.getByText('Maintenance et mises à jour de sécurité').first()).toBeVisible();
    expect(await page.getByRole('switch', { name: /Maintenance/ }).count()).toBe(0);
    await page.getByLabel('Nom de domaine souhaité').fill('boulangerie-martin');
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await page.getByRole('button', { name: 'Choisir ce domaine' }).click();
    await expect(page.getByRole('button', { name: 'Domaine choisi' }).first()).toBeVisible();

    // "Reprendre plus tard" copies the wizard's link.
    await page.getByRole('button', { name: 'Reprendre plus tard' }).click();
    await expectToast(page, 'Lien copié !');
    expect(
      await page.evaluate(() =>
        (
          globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
        ).navigator.clipboard.readText(),
      ),
    ).toBe(page.url());

    // Leaving step 7 completes the order on the server.
    await next();
    await stepHeading('Récapitulatif');
    await eventually(
      async () => (await eventsOf(orderId)).some((e) => e.type === 'OrderFormCompleted'),
      'the order is completed',
    );

    // 8. The recap's amounts are the pricing module's, the chosen domain included.
    const price = computeOrderPrice({
      template: 'onepage',
      billingPeriod: 'yearly',
      hostingOptions: {
        hostingType: 'included',
        dnsType: 'new',
        newDomainName: 'boulangerie-martin',
        domainExtension: '.fr',
      },
      additionalOptions: { seoOptimizations: true },
      logoOption: 'ai',
      contentOption: 'client',
      vatApplicable: true,
      companyCountry: 'FR',
    });
    for (const field of ['totalWithVat', 'vatAmount', 'depositWithVat', 'remainingWithVat'] as const) {
      expect((await page.getByTestId(`price-${field}`).textContent())?.trim()).toBe(
        formatEuros(price[field]),
      );
    }
    const completed = (await eventsOf(orderId)).find((e) => e.type === 'OrderFormCompleted')!;
    expect(completed.data['price']).toMatchObject({
      totalWithVat: price.totalWithVat,
      depositWithVat: price.depositWithVat,
    });

    // Terms must be accepted before paying.
    const pay = page.getByRole('button', { name: "Payer l'acompte" });
    await pay.click({ force: true });
    await expectToast(page, 'Veuillez accepter les conditions générales pour continuer');
    await expect(
      page.getByText('Vous devez accepter les conditions générales pour continuer').first(),
    ).toBeVisible();
    await page.getByRole('checkbox', { name: /J'accepte les conditions générales/ }).check();
    expect(await pay.getAttribute('aria-disabled')).not.toBe('true');
  });

  test('shows the order confirmation page, and "Commande non trouvée" for an unknown order', async () => {
    const created = await fetch(`${server.url}/api/create-order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const { orderId } = (await created.json()) as { orderId: string };
    await orderProjected(server, orderId);
    await page.goto(`${server.url}/order-confirmation/${orderId}`);
    await expect(page.getByRole('heading', { name: 'Commande créée avec succès !' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Procéder au paiement' }).first()).toBeVisible();
    await page.goto(`${server.url}/order-confirmation/${randomUUID()}`);
    await expect(page.getByRole('heading', { name: 'Commande non trouvée' }).first()).toBeVisible();
  });

  test('starts an order from the pricing page with the chosen plan', async () => {
    await page.goto(`${server.url}/pricing`);
    await page.getByRole('button', { name: 'Abonnement mensuel' }).click();
    await page.getByRole('button', { name: 'Choisir Premium' }).click();
    await page.waitForURL(/\/order-form\/[0-9a-f-]{36}$/);
    const [created] = await eventsOf(page.url().split('/').pop()!);
    expect(created!.data).toMatchObject({
      source: 'pricing',
      pricingSelection: {
        planType: 'subscription',
        subscriptionPlan: 'premium',
        billingCycle: 'monthly',
        totalAmount: 14_900, // the E-commerce launch fee HT: Premium is the E-commerce monthly plan
      },
      form: { selectedTemplate: 'ecommerce', billingPeriod: 'monthly' },
    });
  });

  test('shows the terms with their ten articles, also under /cgv; /privacy is the privacy policy', async () => {
    await page.goto(`${server.url}/cgu`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(await page.getByRole('navigation', { name: 'Sommaire' }).getByRole('link').count()).toBe(11);

    // The spec's /cgv leads to the terms; /privacy to the privacy policy, a page of its own now.
    await page.goto(`${server.url}/cgv`);
    await page.waitForURL(`${server.url}/cgu`);
    await page.goto(`${server.url}/privacy`);
    await page.waitForURL(`${server.url}/politique-confidentialite`);
    await expect(
      page.getByRole('heading', { name: 'Politique de confidentialité', level: 1 }).first(),
    ).toBeVisible();
  });
});
