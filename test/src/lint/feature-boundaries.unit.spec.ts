import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

// The repository's own ESLint configuration, on code placed where the SPA's files live.
const eslint = new ESLint({ cwd: fileURLToPath(new URL('../../..', import.meta.url)) });

async function boundaryProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `frontend/src/${file}` });
  return result!.messages.filter((m) => m.ruleId === 'spa/feature-boundaries').map((m) => m.message);
}

describe('the SPA feature boundaries', () => {
  it.each([
    [
      'features/order-wizard/components/panel.tsx',
      "import { x } from '@/features/payments/api/create-payment';",
    ],
    ['features/order-wizard/components/panel.tsx', "import { x } from '../../payments/api/create-payment';"],
    ['features/order-wizard/components/panel.tsx', "import { x } from '../../../features/payments/utils/y';"],
    ['features/order-wizard/components/panel.tsx', "export { x } from '@/features/payments';"],
    ['features/order-wizard/components/panel.tsx', "export * from '@/features/payments/api/create-payment';"],
    ['features/order-wizard/components/panel.tsx', "const lazy = () => import('@/features/payments/api/y');"],
  ])('refuses, in %s, %s', async (file, code) => {
    expect(await boundaryProblems(file, code)).toEqual([
      'The order-wizard feature imports from the payments feature: move what both use to src/lib or src/ui.',
    ]);
  });

  it('refuses a feature in the shared code', async () => {
    expect(
      await boundaryProblems('lib/orders/x.ts', "import { y } from '@/features/payments/api/y';"),
    ).toEqual(['src/lib is shared by every feature: it cannot import from the payments feature.']);
    expect(await boundaryProblems('ui/dialog.tsx', "import { y } from '../features/landing/y';")).toEqual([
      'src/ui is shared by every feature: it cannot import from the landing feature.',
    ]);
  });

  it.each([
    ['features/payments/components/a.tsx', "import { x } from '@/features/payments/api/create-payment';"],
    ['features/payments/components/a.tsx', "import { x } from '../api/create-payment';"],
    ['features/payments/components/a.tsx', "import { x } from '@/lib/orders/get-order';"],
    ['features/payments/components/a.tsx', "import { x } from '@/ui/dialog';"],
    ['features/payments/components/a.tsx', "import { x } from '@coseso/domain/orders/order-view';"],
    ['routes/dashboard.tsx', "import { x } from '@/features/client-area/components/dashboard-page';"],
  ])('allows, in %s, %s', async (file, code) => {
    expect(await boundaryProblems(file, code)).toEqual([]);
  });
});
