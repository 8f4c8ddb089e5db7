import { expect, type Locator, type Page } from '@playwright/test';

/** The two screens the back-office is checked at: a laptop's and a desktop's. */
export const BACK_OFFICE_SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const;

const NBSP = /\u00a0/g;
const textOf = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(NBSP, ' ');

/** The value of `label` in the panel's list named `list` (« Facturation », « Ce qui a été vendu »), spaces plain. */
export async function panelFact(panel: Locator, list: string, label: string): Promise<string> {
  const terms = panel.locator(`dl[aria-label="${list}"] > div`);
  const count = await terms.count();
  for (let i = 0; i < count; i++) {
    const term = await textOf(terms.nth(i).locator('dt'));
    if (term === label) return textOf(terms.nth(i).locator('dd'));
  }
  throw new Error(`no « ${label} » in ${list}`);
}

// The badge (« Statut : » is its screen-reader prefix, itself a text node of its own).
export const statusBadge = (scope: Locator) => scope.getByText(/^Statut : \S/);

/** The next step a panel or a card says (« À faire : … » or « En attente du client : … », its age). */
export const nextStepLine = (scope: Locator) => scope.locator('[data-next-actor]').first();

/** The back-office's detail panel of the order of `company`, and its card in the list. */
export function backOfficePanel(page: Page, company: string) {
  const panel = () => page.getByRole('region', { name: company });
  return {
    panel,
    /** Waits until both the panel and the order's card in the list say `label`. */
    async expectStatus(label: string): Promise<void> {
      await expect(statusBadge(panel()).first(), `the panel says ${label}`).toHaveText(`Statut : ${label}`);
      const card = page
        .getByRole('list', { name: 'Liste des commandes' })
        .getByRole('button', { name: new RegExp(company) });
      await expect(statusBadge(card), `the list card says ${label}`).toHaveText(`Statut : ${label}`);
    },
    /** Runs an action of the panel through its dialog. */
    async act(button: string | RegExp, fill: Record<string, string> = {}, confirm?: string | RegExp) {
      await panel().getByRole('group', { name: 'Actions' }).getByRole('button', { name: button }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      for (const [label, value] of Object.entries(fill)) await dialog.getByLabel(label).fill(value);
      await dialog
        .getByRole('button', { name: confirm ?? button })
        .last()
        .click();
      await expect(dialog, 'the dialog closes').toHaveCount(0);
    },
  };
}
