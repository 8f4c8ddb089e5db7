import { AxeBuilder } from '@axe-core/playwright';
import { AdminAccounts } from '@coseso/backend/auth/admin-accounts';
import { loadConfig } from '@coseso/backend/config/app-config';
import { testDatabaseUrl } from '@coseso/database/testing/postgres-test-schema';
import { type Browser } from '@playwright/test';
import { type AppServer, startAppServer } from '../support/app-server.js';
import { receivedEmail } from '../support/client-area.js';
import { ADMIN, callApi, signInToBackOffice } from '../support/journey.js';
import { expect, sharedPage, test } from '../support/fixtures.js';

// « Équipe »: the back-office's accounts, their roles, open sessions and locks; admins add members,
// change roles, deactivate and unlock, auditors read. (The lock and its unlock through the API:
// sign-in-devices.e2e.spec.ts; the team's rules through the API: admin/team/team.e2e.spec.ts.)

const AUDITOR = { email: 'auditeur-equipe@coseso.test', password: 'un-secret-d-audit' };

let server: AppServer;
let browser: Browser;

test.beforeAll(async ({ appOfFile, browser: workerBrowser }, testInfo) => {
  server = await appOfFile(testInfo.file);
  browser = workerBrowser;
  const config = loadConfig({ DATABASE_URL: testDatabaseUrl(), DATABASE_SCHEMA: server.schema });
  await new AdminAccounts(server.db, config).create(AUDITOR.email, AUDITOR.password, 'auditor');
});

const sizes = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const;

/**
 * An admin at `adminSize` adds `invited` as an auditor from « Équipe »; they choose their password from
 * the emailed link at `theirSize`, land signed in, and read the team without a button.
 */
async function inviteAnAuditor(
  invited: { name: string; email: string; password: string },
  adminSize: (typeof sizes)[number],
  theirSize: (typeof sizes)[number],
) {
  const page = await sharedPage(browser, { viewport: adminSize });
  await signInToBackOffice(page, server, ADMIN, '/admin/team');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Ajouter un membre' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter un membre' });
  // Nothing filled in: each missing answer is said in French, under its field.
  await dialog.getByRole('button', { name: 'Ajouter le membre' }).click();
  await expect(dialog).toContainText('Indiquez le nom du membre');
  await expect(dialog).toContainText("Indiquez l'adresse email du membre");
  await expect(dialog).toContainText('Indiquez la raison du changement');
  await dialog.getByLabel('Nom').fill(invited.name);
  await dialog.getByLabel('Email').fill(invited.email);
  await expect(dialog.getByLabel('Rôle')).toHaveValue('auditor');
  await dialog.getByLabel('Raison').fill('Contrôle annuel des comptes');
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);
  await dialog.getByRole('button', { name: 'Ajouter le membre' }).click();
  await expect(dialog).toHaveCount(0);
  const row = main.locator(`[data-team-member="${invited.email}"]`);
  await expect(row).toContainText('Auditeur (lecture seule)');
  await expect(row).toContainText('Aucune session ouverte');

  const { body } = await callApi<{ token: string }>(server, 'POST', '/api/admin/login', ADMIN);
  const mail = await receivedEmail(server, body.token, invited.email, 'team-invitation');
  const link = /https?:\/\/\S+\/admin\/set-password\?token=[A-Za-z0-9_%-]+/.exec(mail.text)![0];
  const theirs = await sharedPage(browser, { viewport: theirSize });
  await theirs.goto(`${server.url}${new URL(link).pathname}${new URL(link).search}`);
  await theirs.getByLabel('Nouveau mot de passe').fill(invited.password);
  await theirs.getByLabel('Confirmer le mot de passe').fill(invited.password);
  await theirs.getByRole('button', { name: 'Enregistrer mon mot de passe' }).click();
  await theirs.waitForURL(/\/admin$/);
  await theirs.goto(`${server.url}/admin/team`);
  const theirRow = theirs.getByRole('main').locator(`[data-team-member="${invited.email}"]`);
  await expect(theirRow).toContainText('(vous)');
  await expect(theirs.getByRole('main').getByRole('button')).toHaveCount(0);
  return { page, main, row, theirs };
}

test.describe('the team page', () => {
  test('lists every account with its role, session and lock, in French, axe-clean at 1440×900 and 1280×720', async () => {
    for (const viewport of sizes) {
      const page = await sharedPage(browser, { viewport });
      await signInToBackOffice(page, server);
      await page
        .getByRole('navigation', { name: 'Back-office' })
        .getByRole('link', { name: 'Équipe' })
        .click();
      await page.waitForURL(/\/admin\/team$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Équipe' })).toBeVisible();
      const members = page.getByRole('list', { name: "Membres de l'équipe" });
      const admin = members.locator('[data-team-member="admin@coseso.test"]');
      await expect(admin).toContainText('(vous)');
      await expect(admin).toContainText('Administrateur');
      await expect(admin).toContainText(/Session ouverte depuis le /);
      await expect(admin).toContainText('Connexion possible');
      const auditor = members.locator(`[data-team-member="${AUDITOR.email}"]`);
      await expect(auditor).toContainText('Auditeur (lecture seule)');
      await expect(auditor).toContainText('Aucune session ouverte');
      // Nobody is locked: nothing to unlock. The admin may change roles, and deactivate others only.
      await expect(members.getByRole('button', { name: /Débloquer/ })).toHaveCount(0);
      await expect(admin.getByRole('button', { name: 'Désactiver' })).toHaveCount(0);
      await expect(auditor.getByRole('button', { name: 'Désactiver' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Ajouter un membre' })).toBeVisible();
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(
        violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
      ).toEqual([]);
      await page.context().close();
    }
  });

  test('shows an auditor the team, read-only, at 1440×900 and 1280×720', async () => {
    for (const viewport of sizes) {
      const page = await sharedPage(browser, { viewport });
      await signInToBackOffice(page, server, AUDITOR, '/admin/team');
      const members = page.getByRole('list', { name: "Membres de l'équipe" });
      await expect(members.locator(`[data-team-member="${AUDITOR.email}"]`)).toContainText('(vous)');
      await expect(members.locator('[data-team-member="admin@coseso.test"]')).toContainText('Administrateur');
      await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
      await expect(page.getByRole('main')).not.toContainText('un administrateur peut le débloquer');
      await page.context().close();
    }
  });

  // At each screen the admin adds an auditor of their own, who signs in at the other screen, then
  // deactivates them.
  const INVITED = [
    {
      adminSize: sizes[1],
      theirSize: sizes[0],
      name: 'Nina Auditrice',
      email: 'nouvel-auditeur@coseso.test',
      password: 'le secret du nouvel auditeur',
      reason: 'Fin de la mission de contrôle',
    },
    {
      adminSize: sizes[0],
      theirSize: sizes[1],
      name: 'Léo Auditeur',
      email: 'autre-auditeur@coseso.test',
      password: 'le secret de l autre auditeur',
      reason: 'Fin de la revue des comptes',
    },
  ];
  for (const { adminSize, theirSize, reason, ...invited } of INVITED)
    test(`at ${adminSize.width}×${adminSize.height}: an admin adds an auditor, who chooses a password from the email at ${theirSize.width}×${theirSize.height} and reads the team; the admin deactivates them`, async () => {
      const { page, main, row, theirs } = await inviteAnAuditor(invited, adminSize, theirSize);

      // The admin deactivates them, with a reason: their open session ends at once.
      await page.reload();
      await row.getByRole('button', { name: 'Désactiver' }).click();
      const confirm = page.getByRole('dialog', { name: `Désactiver ${invited.name}` });
      await confirm.getByLabel('Raison').fill(reason);
      const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
      expect(
        violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
      ).toEqual([]);
      await confirm.getByRole('button', { name: 'Désactiver le compte' }).click();
      await expect(confirm).toHaveCount(0);
      await expect(row).toContainText('Désactivé');
      await expect(row.getByRole('button')).toHaveCount(0);
      await theirs.reload();
      await expect(theirs.getByLabel('Mot de passe', { exact: true })).toBeVisible();
      await theirs.context().close();

      // The deactivation is in the event log, in French, with its reason.
      await page.goto(`${server.url}/admin/events?type=TeamMemberDeactivated`);
      const logged = page
        .getByRole('list', { name: 'Événements du journal' })
        .getByRole('listitem')
        .filter({ hasText: reason });
      await expect(logged).toHaveCount(1);
      await expect(logged).toContainText("Membre de l'équipe désactivé");
      await logged.getByText('Données et métadonnées').click();
      await expect(logged.getByText(reason).first()).toBeVisible();
      await page.goto(`${server.url}/admin/team`);

      // The last active admin keeps their role: the refusal says why, in French.
      const me = main.locator('[data-team-member="admin@coseso.test"]');
      await me.getByRole('button', { name: 'Changer le rôle' }).click();
      const change = page.getByRole('dialog', { name: "Changer le rôle d'Administrateur" });
      await expect(change.getByLabel('Rôle')).toHaveValue('auditor');
      await change.getByLabel('Raison').fill('Essai');
      await change.getByRole('button', { name: 'Changer le rôle' }).click();
      // The dialog stays open; the toast says the server's reason.
      await expect(page.getByText(/nommez d’abord un autre administrateur/).first()).toBeVisible();
      await expect(change).toBeVisible();
      await page.context().close();
    });
});

// At each screen a member of their own is locked out by failed sign-ins (the real path: wrong
// passwords from other addresses until the account's allowance on unknown devices is spent); the
// admin unlocks them from « Équipe », the unlock is in the journal, and the member signs in. On an
// app of their own, with the allowances as in production (ten attempts, not a thousand).
test.describe('unlocking a locked member', () => {
  let locker: AppServer;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    locker = await startAppServer({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_MULTIPLIER: '1',
    });
  });
  test.afterAll(() => locker?.stop());
  const LOCKED = [
    {
      size: sizes[1],
      name: 'Inès Garnier',
      email: 'bloquee-1280@coseso.test',
      password: 'le secret de la membre bloquée',
    },
    {
      size: sizes[0],
      name: 'Paul Lemoine',
      email: 'bloque-1440@coseso.test',
      password: 'le secret du membre bloqué',
    },
  ];
  let addresses = 0;
  const fresh = () => `10.42.${Math.floor(++addresses / 250) % 250}.${(addresses % 250) + 1}`;
  for (const locked of LOCKED)
    test(`at ${locked.size.width}×${locked.size.height}: a member locked out by failed sign-ins is shown locked, an admin unlocks them, the journal says so in French and they sign in`, async () => {
      // Two browsers, an admin's session and the member's, on a machine its test files share.
      test.slow();
      const config = loadConfig({ DATABASE_URL: testDatabaseUrl(), DATABASE_SCHEMA: locker.schema });
      await new AdminAccounts(locker.db, config).create(
        locked.email,
        locked.password,
        'auditor',
        locked.name,
      );
      const member = (
        await callApi<{ members: { id: string; email: string }[] }>(
          locker,
          'GET',
          '/api/admin/team',
          undefined,
          { token: (await callApi<{ token: string }>(locker, 'POST', '/api/admin/login', ADMIN)).body.token },
        )
      ).body.members.find((m) => m.email === locked.email)!;

      // Ten wrong passwords, each from another address: the account's allowance on unknown devices.
      const guess = (i: number) =>
        fetch(`${locker.url}/api/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: locker.url, 'x-forwarded-for': fresh() },
          body: JSON.stringify({ email: locked.email, password: `mauvais-${i}` }),
        }).then((r) => r.status);
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push(await guess(i));
      expect(statuses).toEqual(Array.from({ length: 10 }, () => 401));

      // From a browser that never signed in, even the right password is refused.
      const theirs = await sharedPage(browser, {
        viewport: locked.size,
        extraHTTPHeaders: { 'x-forwarded-for': fresh() },
      });
      await theirs.goto(`${locker.url}/admin`);
      await theirs.getByLabel('Email').fill(locked.email);
      await theirs.getByLabel('Mot de passe', { exact: true }).fill(locked.password);
      await theirs.getByRole('button', { name: 'Se connecter', exact: true }).click();
      await expect(
        theirs.getByRole('alert').filter({ hasText: 'Compte bloqué pour le moment' }),
      ).toBeVisible();

      // « Équipe » shows them locked; the admin unlocks them through the dialog.
      const page = await sharedPage(browser, { viewport: locked.size });
      await signInToBackOffice(page, locker, ADMIN, '/admin/team');
      const row = page.getByRole('main').locator(`[data-team-member="${locked.email}"]`);
      await expect(row.getByText('Bloqué', { exact: true })).toBeVisible();
      await row.getByRole('button', { name: `Débloquer ${locked.email}` }).click();
      const dialog = page.getByRole('dialog', { name: `Débloquer ${locked.name}` });
      await expect(dialog).toContainText('pendant 15 minutes');
      const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
      expect(
        violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
      ).toEqual([]);
      await dialog.getByRole('button', { name: 'Débloquer le compte' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(
        page.getByText(`Le compte ${locked.email} peut de nouveau se connecter`).first(),
      ).toBeVisible();
      await expect(row).toContainText('Connexion possible');
      await expect(row.getByRole('button', { name: /Débloquer/ })).toHaveCount(0);

      // The unlock is in the journal, in French, with who did it.
      await page.goto(`${locker.url}/admin/events?type=TeamMemberUnlocked`);
      const logged = page
        .getByRole('list', { name: 'Événements du journal' })
        .getByRole('listitem')
        .filter({ hasText: member.id });
      await expect(logged).toHaveCount(1);
      await expect(logged).toContainText("Connexions d'un membre de l'équipe débloquées");
      await expect(logged).toContainText('Administrateur');

      // The member signs in from the same browser that was refused.
      await theirs.getByLabel('Mot de passe', { exact: true }).fill(locked.password);
      await theirs.getByRole('button', { name: 'Se connecter', exact: true }).click();
      await expect(theirs.getByLabel('Mot de passe', { exact: true })).toHaveCount(0);
      await theirs.goto(`${locker.url}/admin/team`);
      await expect(theirs.getByRole('main').locator(`[data-team-member="${locked.email}"]`)).toContainText(
        '(vous)',
      );
      await theirs.context().close();
      await page.context().close();
    });
});
