import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Tests wait on facts (a position applied, an event, a row, a queue drained), never on time: a pause
// makes a test slow where the machine is fast and wrong where it is slow, and a pause proving that
// « nothing more happened » passes when the duplicate arrives late. A negative check waits until the
// log or the queue has moved past the point where the duplicate would be. So no spec calls
// setTimeout, waitForTimeout or a sleep; the helpers that poll for a fact hold the only timers, each
// listed below with why it is not a pause.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const tracked = (...patterns: string[]) =>
  execFileSync('git', ['ls-files', ...patterns], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((path) => path !== '');

/** `file:line: text` for each line of `paths` where `pattern` matches. */
function lines(paths: readonly string[], pattern: RegExp): string[] {
  const found: string[] = [];
  for (const path of paths)
    for (const [n, text] of readFileSync(join(root, path), 'utf8').split('\n').entries())
      if (pattern.test(text)) found.push(`${path}:${n + 1}: ${text.trim()}`);
  return found;
}

// `test.setTimeout(…)` and `jest.setTimeout(…)` set a test's budget (a hang detector): not a wait.
const aPause =
  /(?<!\b(?:test|jest)\.)\bsetTimeout\s*\(|\bwaitForTimeout\s*\(|(?<![\w.])(?:sleep|delay)\(|timers\/promises/;

/**
 * The helpers whose timers are not pauses: each polls for a fact between two looks, guards a
 * process that would hang, or simulates a slow dependency; a new timer in a helper needs its line here.
 */
const helperTimers: Record<string, string> = {
  'backend/event-store/src/testing/until.ts': 'the poll interval of `until`, the one wait on a fact',
  'backend/event-store/src/testing/event-store.contract.ts':
    'polls the log until it is no longer held back; waits until the clock has passed a millisecond',
  'backend/src/testing/order-journey.ts': 'polls for a row or an email',
  'backend/src/testing/settled.ts': 'polls the reactors and the queue until quiet at the same head',
  'backend/src/testing/test-app.ts': 'polls the log until it is no longer held back',
  'projections/src/testing/projection-test-kit.ts': 'polls the checkpoints until caught up',
  'projections/src/testing/run-projections.cli.ts':
    'a projector that holds its batch open, so that a kill falls in the middle of one',
  'test/src/support/app-server.ts': 'polls the health endpoint until the app answers',
  'test/src/support/eventually.ts': 'the poll interval of `eventually`',
  'test/src/support/policy-violations.ts': "a frame's turn in the page, after which its reports are in",
  'test/src/faults/fault-waits.ts':
    'the poll interval of the fault waits; the length of an outage, the fault under test',
  'test/src/faults/fault-checks.ts':
    "a load client's back-off while the API is away (pacing, no test waits on it)",
  'test/src/faults/coseso-process.ts': 'kills a process that would not start or stop (a hang guard)',
};

describe('tests that wait on facts', () => {
  it('have no pause in any spec: no setTimeout, waitForTimeout or sleep (test.setTimeout sets a budget)', () => {
    const specs = tracked('*.spec.ts', '*.spec.tsx').filter((path) => !path.startsWith('test/src/lint/'));
    expect(specs.length).toBeGreaterThan(100);
    expect(lines(specs, aPause)).toEqual([]);
  });

  it('keep timers in the helpers to the ones listed, each for a reason that is not a pause', () => {
    const helpers = tracked('*.ts', '*.tsx').filter(
      (path) =>
        !/\.spec\.tsx?$/.test(path) &&
        (/(^|\/)testing\//.test(path) || /^test\/src\/(support|faults)\//.test(path)),
    );
    const timed = [...new Set(lines(helpers, aPause).map((line) => line.split(':')[0]!))];
    expect(timed.filter((path) => !(path in helperTimers))).toEqual([]);
    // A listed helper that lost its timer leaves the list too.
    expect(Object.keys(helperTimers).filter((path) => !timed.includes(path))).toEqual([]);
  });

  it('would catch the pauses it is about', () => {
    for (const pause of [
      'await new Promise((resolve) => setTimeout(resolve, 300));',
      'await page.waitForTimeout(500);',
      'await sleep(2_000);',
      "import { setTimeout as wait } from 'node:timers/promises';",
    ])
      expect(pause).toMatch(aPause);
    for (const budget of ['test.setTimeout(180_000);', 'jest.setTimeout(60_000);'])
      expect(budget).not.toMatch(aPause);
  });
});
