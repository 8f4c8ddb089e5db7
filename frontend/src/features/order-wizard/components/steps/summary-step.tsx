import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { useQuery } from '@tanstack/react-query';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { catalogueQueryOptions, catalogueVersionText } from '@/lib/catalogue';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { ChoiceGroup } from '@/ui/choice-group';
import { Field } from '@/ui/field';
import { RadioCard } from '@/ui/radio-card';
import { Textarea } from '@/ui/textarea';
import { priceOf } from '../../utils/order-price';
import { billingPeriodLabels } from '../../utils/wizard-labels';
import { type WizardValues } from '../../utils/wizard-values';
import { OrderRecap } from '../order-recap';
import { PaymentPanel } from '../payment-panel';
import { PriceBreakdown } from '../price-breakdown';
import { StepSection } from './step-section';

interface SummaryStepProps {
  orderId: string;
  /** The server holds the order completed with exactly these answers: payment can start. */
  isCompleted: (values: WizardValues) => boolean;
  depositPaid: boolean;
  validating: boolean;
  onValidate: () => void;
  onEditStep: (step: number) => void;
}

export function SummaryStep({
  orderId,
  isCompleted,
  depositPaid,
  validating,
  onValidate,
  onEditStep,
}: SummaryStepProps) {
  const { register } = useFormContext<WizardValues>();
  const { errors } = useFormState<WizardValues>();
  // The whole form: the recap and the price follow every answer.
  const values = useWatch<WizardValues>() as WizardValues;
  const autonomous = values.hostingOptions.hostingType === 'autonomous';
  // The catalogue version in force prices the recap; the server refuses the order if another is by then.
  const catalogue = useQuery(catalogueQueryOptions()).data;
  const grid = catalogue?.grid;
  const yearly = priceOf(values, 'yearly', grid);
  // Autonomous hosting prices a monthly request as yearly: there is then no monthly offer to show.
  const monthlyPrice = priceOf(values, 'monthly', grid);
  const monthly = monthlyPrice?.ok && monthlyPrice.billingPeriod === 'monthly' ? monthlyPrice : null;
  const price = priceOf(values, values.billingPeriod, grid);
  const euros = (cents: number) => formatEuros(cents);

  return (
    <div className="flex flex-col gap-10">
      <StepSection title="Votre commande">
        <OrderRecap values={values} onEditStep={onEditStep} grid={grid} />
      </StepSection>

      <ChoiceGroup
        role="radiogroup"
        legend="Rythme de paiement"
        error={errors.billingPeriod?.message}
        choicesClassName="sm:grid-cols-2"
      >
        <RadioCard
          {...register('billingPeriod')}
          value="yearly"
          label={billingPeriodLabels.yearly}
          aside={
            yearly?.ok &&
            `${euros(yearly.totalWithVat)} TTC${yearly.setupFeesAmount > 0 ? ' la 1re année' : '/an'}`
          }
          description="50 % au démarrage du projet, 50 % à la livraison après validation. Le site vous appartient à la livraison."
        />
        <RadioCard
          {...register('billingPeriod')}
          value="monthly"
          disabled={autonomous}
          label={billingPeriodLabels.monthly}
          aside={monthly && `${euros(monthly.monthlyWithVat)} TTC/mois`}
          description={
            monthly
              ? `Frais de mise en service de ${euros(monthly.depositWithVat)} TTC, puis l'abonnement à partir de la livraison. Sans engagement, résiliable à tout moment.`
              : "Frais de mise en service, puis l'abonnement à partir de la livraison. Sans engagement, résiliable à tout moment."
          }
          footer={autonomous && 'Non disponible avec hébergement autonome'}
        />
      </ChoiceGroup>

      <StepSection title="Détail du prix">
        <div className="rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-6">
          {price && values.selectedTemplate ? (
            <>
              <PriceBreakdown price={price} template={values.selectedTemplate} />
              {catalogue && (
                <p className="mt-3 text-sm text-slate-600" data-testid="catalogue-version">
                  {catalogueVersionText(catalogue)}.
                </p>
              )}
            </>
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-slate-700">Choisissez un type de site pour connaître le prix.</p>
              <Button variant="outline" size="sm" onClick={() => onEditStep(4)}>
                Choisir un type de site
              </Button>
            </div>
          )}
        </div>
      </StepSection>

      <Field
        label="Remarques"
        description="Facultatif : une précision, une demande particulière pour notre équipe."
      >
        {(control) => <Textarea {...control} {...register('clientRemarks')} rows={4} maxLength={5000} />}
      </Field>

      <div className="flex flex-col gap-3">
        <Checkbox
          {...register('termsAccepted')}
          label="J'accepte les conditions générales de vente"
          description={
            <a
              href="/cgu"
              target="_blank"
              rel="noopener"
              className="font-medium text-primary-700 underline underline-offset-2 hover:text-primary-800"
            >
              Lire les conditions générales de vente (nouvel onglet)
            </a>
          }
        />
        <Checkbox
          {...register('marketingConsent')}
          label="J'accepte de recevoir les actualités et offres de Coseso par email"
          description="Facultatif, désinscription possible à tout moment."
        />
      </div>

      <PaymentPanel
        orderId={orderId}
        price={price}
        completed={isCompleted(values)}
        depositPaid={depositPaid}
        termsAccepted={values.termsAccepted}
        validating={validating}
        onValidate={onValidate}
      />
    </div>
  );
}
