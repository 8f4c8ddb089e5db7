import { type OrderForm, changesContent, diffForm } from '@coseso/domain/orders/order-form';
import type { SaveProgressResult } from '../api/save-progress';

/** The two requests a saver sends (api/save-progress.ts), given to it so that its timing is testable alone. */
export interface ProgressRequests {
  save(orderId: string, step: number, form: OrderForm): Promise<SaveProgressResult>;
  saveOnExit(orderId: string, step: number, form: OrderForm): void;
}

export interface AutosaveOutcome {
  result: SaveProgressResult;
  /** The save changed what the order contains (not only the step or the consent ticks). */
  changedContent: boolean;
}

const fingerprint = (step: number, form: OrderForm) => JSON.stringify([step, form]);

/**
 * Sends the wizard's progress one request at a time, so that an older snapshot never lands after a
 * newer one, and only when the step or the form differs from what the server last accepted.
 */
export class ProgressSaver {
  private step: number;
  private lastForm: OrderForm;
  private lastFingerprint: string;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private onSaved: ((outcome: AutosaveOutcome) => void) | undefined;

  constructor(
    private readonly orderId: string,
    initialStep: number,
    private readonly read: () => OrderForm,
    private readonly requests: ProgressRequests,
  ) {
    this.step = initialStep;
    this.lastForm = read();
    this.lastFingerprint = fingerprint(initialStep, this.lastForm);
  }

  setOnSaved(onSaved: (outcome: AutosaveOutcome) => void): void {
    this.onSaved = onSaved;
  }

  schedule(delayMs: number): void {
    this.cancel();
    this.timer = setTimeout(() => void this.flush(), delayMs);
  }

  /** Saves now (after any save under way), with the given step from now on. */
  flush(step: number = this.step): Promise<void> {
    this.cancel();
    this.step = step;
    return this.exclusive(() => this.saveIfChanged());
  }

  /** Runs a request that must not overlap a save, e.g. the completion, which carries the whole form. */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    this.cancel();
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Records that the server holds this form at this step (after a completion, for instance). */
  markSaved(step: number, form: OrderForm): void {
    this.step = step;
    this.lastForm = form;
    this.lastFingerprint = fingerprint(step, form);
  }

  /** The page is going away: a last save that outlives it, if anything is unsaved. */
  flushOnExit(): void {
    this.cancel();
    const form = this.read();
    if (fingerprint(this.step, form) === this.lastFingerprint) return;
    this.requests.saveOnExit(this.orderId, this.step, form);
    this.markSaved(this.step, form);
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async saveIfChanged(): Promise<void> {
    const step = this.step;
    const form = this.read();
    if (fingerprint(step, form) === this.lastFingerprint) return;
    try {
      const result = await this.requests.save(this.orderId, step, form);
      const changedContent = changesContent(diffForm(this.lastForm, form));
      this.markSaved(step, form);
      this.onSaved?.({ result, changedContent });
    } catch (error) {
      // Spec §7: autosave failures are only logged; the next change or step tries again.
      console.warn('Sauvegarde automatique impossible', error);
    }
  }
}
