import { useForm, FormProvider } from 'react-hook-form';
import { type WizardValues } from '../utils/wizard-values';
import { CreationStep } from './steps/creation-step';

/** The wizard's step 3 alone, on a form of its own: what the back-office previews of a version. */
export default function CreationStepPreview() {
  const form = useForm<WizardValues>({ defaultValues: { creationOption: 'wordpress' } });
  return (
    <FormProvider {...form}>
      <CreationStep />
    </FormProvider>
  );
}
