import { type OrderForm } from '@coseso/domain/orders/order-form';
import { jest } from '@jest/globals';
import { ProgressSaver } from './progress-saver';
import { AUTOSAVE_DELAY_MS, LONG_TEXT_AUTOSAVE_DELAY_MS } from './wizard-step';

// The wizard's autosave stays well inside the server's limit: one save per pause in
// typing and per step change, never one per keystroke. The hook calls `schedule` on every change
// of the form, as these tests do.

const ORDER = '6f1c2a52-4d0e-4a4b-9d1e-6f0a1b2c3d4e';

function wizard() {
  let form: OrderForm = {};
  const sent: { step: number; form: OrderForm }[] = [];
  const saver = new ProgressSaver(ORDER, 8, () => form, {
    save: async (_, step, saved) => {
      sent.push({ step, form: saved });
      return { saved: true, position: sent.length };
    },
    saveOnExit: () => {},
  });
  /** Types `text` into the remarks, a key every `keyMs`, as the form would report each change. */
  const type = async (text: string, keyMs: number) => {
    for (const character of text) {
      form = { ...form, clientRemarks: `${form.clientRemarks ?? ''}${character}` };
      saver.schedule(LONG_TEXT_AUTOSAVE_DELAY_MS);
      await jest.advanceTimersByTimeAsync(keyMs);
    }
  };
  const pause = (ms: number) => jest.advanceTimersByTimeAsync(ms);
  return { saver, sent, type, pause };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('the wizard’s autosave', () => {
  it('sends one save per pause while 4,900 characters are typed, not one per keystroke', async () => {
    const { sent, type, pause } = wizard();
    // Ten bursts of 490 characters, a key every 150 ms (over 12 minutes of typing), each followed
    // by a pause long enough to save.
    for (let burst = 0; burst < 10; burst++) {
      await type('x'.repeat(490), 150);
      await pause(LONG_TEXT_AUTOSAVE_DELAY_MS);
    }
    expect(sent).toHaveLength(10);
    expect(sent.at(-1)!.form.clientRemarks).toHaveLength(4_900);
  });

  it('sends nothing while the typing goes on, then the whole text once it stops', async () => {
    const { sent, type, pause } = wizard();
    await type('y'.repeat(600), 1_000); // a slow typist: ten minutes, never pausing 3 s
    expect(sent).toHaveLength(0);
    await pause(LONG_TEXT_AUTOSAVE_DELAY_MS);
    expect(sent.map((save) => save.form.clientRemarks?.length)).toEqual([600]);
  });

  it('saves once at a step change, and nothing more when nothing changed since', async () => {
    const { saver, sent, type, pause } = wizard();
    await type('bonjour', 100);
    await saver.flush(8);
    await pause(AUTOSAVE_DELAY_MS * 10);
    await saver.flush(8);
    expect(sent).toHaveLength(1);
  });
});
