import { AxeBuilder } from '@axe-core/playwright';
import { AdminAccounts } from '@coseso/backend/auth/admin-accounts';
import { loadConfig } from '@coseso/backend/config/app-config';
import { testDatabaseUrl } from '@coseso/database/testing/postgres-test-schema';
import { type Browser } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { signInToBackOffice } from '../support/journey.js';
import { expect, sharedPage, test } from '../support/fixtures.js';

// « Équipe »: the back-office's accounts, their roles, open sessions and locks; admins unlock,
// auditors read. (The lock and its unlock through the API: sign-in-devices.e2e.spec.ts.)

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
      // Nobody is locked: nothing to unlock.
      await expect(members.getByRole('button')).toHaveCount(0);
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(
        violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
      ).toEqual([]);
      await page.context().close();
    }
  });

  test('shows an auditor the team, read-only', async () => {
    const page = await sharedPage(browser, { viewport: sizes[1] });
    await signInToBackOffice(page, server, AUDITOR, '/admin/team');
    const members = page.getByRole('list', { name: "Membres de l'équipe" });
    await expect(members.locator(`[data-team-member="${AUDITOR.email}"]`)).toContainText('(vous)');
    await expect(members.locator('[data-team-member="admin@coseso.test"]')).toContainText('Administrateur');
    await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('main')).not.toContainText('un administrateur peut le débloquer');
    await page.context().close();
  });
});
