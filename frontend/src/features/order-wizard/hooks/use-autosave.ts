import { useEffect, useState } from 'react';
import { type UseFormReturn } from 'react-hook-form';
import { saveProgress, saveProgressOnExit } from '../api/save-progress';
import { type AutosaveOutcome, ProgressSaver } from '../utils/progress-saver';
import { type WizardValues, toOrderForm } from '../utils/wizard-values';
import { AUTOSAVE_DELAY_MS, LONG_TEXT_AUTOSAVE_DELAY_MS, LONG_TEXT_FIELDS } from '../utils/wizard-step';

interface UseAutosaveOptions {
  orderId: string;
  form: UseFormReturn<WizardValues>;
  initialStep: number;
  onSaved: (outcome: AutosaveOutcome) => void;
}

/** Saves the wizard 2 s after a change (3 s in long free texts), on demand, and when the page is left. */
export function useAutosave({ orderId, form, initialStep, onSaved }: UseAutosaveOptions): ProgressSaver {
  const [saver] = useState(
    () =>
      new ProgressSaver(orderId, initialStep, () => toOrderForm(form.getValues()), {
        save: saveProgress,
        saveOnExit: saveProgressOnExit,
      }),
  );

  useEffect(() => saver.setOnSaved(onSaved), [saver, onSaved]);

  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          if (name === undefined) return;
          saver.schedule(LONG_TEXT_FIELDS.has(name) ? LONG_TEXT_AUTOSAVE_DELAY_MS : AUTOSAVE_DELAY_MS);
        },
      }),
    [form, saver],
  );

  useEffect(() => {
    const onPageHide = () => saver.flushOnExit();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      // Leaving the wizard inside the app: the page stays, so a regular request is enough.
      void saver.flush();
    };
  }, [saver]);

  return saver;
}
