import {
  type TemplateKey,
  fontKeys,
  styleKeys,
  templateKeys,
} from '@coseso/event-schemas/order/order-values';
import { fontLabels, styleLabels, templateLabels } from '@coseso/domain/orders/wizard';
import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { POPULAR_TEMPLATE } from '@coseso/domain/pricing/pricing-grid';
import { offerPrice } from '@coseso/domain/pricing/pricing-plans';
import { type ChangeEvent } from 'react';
import { Controller, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { catalogueQueryOptions, priceGridOf } from '@/lib/catalogue';
import { useCachedQuery } from '@/lib/use-cached-query';
import { ChoiceGroup } from '@/ui/choice-group';
import { ColorInput } from '@/ui/color-input';
import { Field } from '@/ui/field';
import { Input } from '@/ui/input';
import { RadioCard } from '@/ui/radio-card';
import { Textarea } from '@/ui/textarea';
import { type WizardValues, includedFreeOptions } from '../../utils/wizard-values';
import { StylePreview } from '../style-preview';
import { StepSection } from './step-section';

const euros = (cents: number) => formatEuros(cents, { decimals: 'auto' });

export function TemplateStyleStep() {
  const { register, setValue, getValues } = useFormContext<WizardValues>();
  const { errors } = useFormState<WizardValues>();
  // At the catalogue version in force, as the recap prices (the first version's until it is loaded).
  const catalogue = useCachedQuery(catalogueQueryOptions());
  const grid = catalogue ? priceGridOf(catalogue) : undefined;
  const templateField = register('selectedTemplate', {
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const chosen = event.target.value as TemplateKey;
      // A new template brings its own included features; E-commerce Pro only exists with e-commerce.
      setValue('freeOptions', includedFreeOptions(chosen), { shouldDirty: true });
      if (chosen !== 'ecommerce' && getValues('additionalOptions.ecommercePro')) {
        setValue('additionalOptions.ecommercePro', false, { shouldDirty: true });
      }
    },
  });

  return (
    <div className="flex flex-col gap-10">
      <ChoiceGroup
        role="radiogroup"
        legend="Type de site"
        required
        description="Le modèle de départ de votre site ; tout le reste se personnalise."
        error={errors.selectedTemplate?.message}
        choicesClassName="sm:grid-cols-2"
      >
        {templateKeys.map((template) => (
          <RadioCard
            key={template}
            {...templateField}
            value={template}
            label={templateLabels[template].name}
            description={templateLabels[template].description}
            // The template alone on each plan, as the recap will price it.
            aside={
              <span className="flex flex-col items-end text-right">
                <span>{euros(offerPrice(template, 'yearly', grid).totalAmount)} HT/an</span>
                <span className="text-xs font-normal text-slate-500">
                  ou {euros(offerPrice(template, 'monthly', grid).monthlyAmount)} HT/mois en abonnement
                </span>
              </span>
            }
          />
        ))}
      </ChoiceGroup>

      <StyleChoice />

      <StepSection title="Couleurs" description="Les deux couleurs principales de votre site.">
        <div className="grid gap-5 sm:grid-cols-2">
          <ColorField name="primaryColor" label="Couleur principale" fallback="#3b82f6" />
          <ColorField name="secondaryColor" label="Couleur secondaire" fallback="#10b981" />
        </div>
      </StepSection>

      <ChoiceGroup
        role="radiogroup"
        legend="Police de caractères"
        error={errors.fontFamily?.message}
        choicesClassName="sm:grid-cols-3"
      >
        {fontKeys.map((font) => (
          <RadioCard
            key={font}
            {...register('fontFamily')}
            value={font}
            label={fontLabels[font].name}
            description={fontLabels[font].description}
            media={
              <span
                aria-hidden="true"
                className="text-3xl text-slate-900"
                style={{ fontFamily: fontLabels[font].stack }}
              >
                Aa Bb Cc
              </span>
            }
          />
        ))}
      </ChoiceGroup>

      <StepSection title="Inspiration" description="Facultatif : aidez-nous à cerner vos goûts.">
        <div className="grid gap-5">
          <Field
            label="Site d'inspiration"
            description="L'adresse d'un site dont vous aimez le style."
            error={errors.inspirationUrl?.message}
          >
            {(control) => (
              <Input
                {...control}
                {...register('inspirationUrl')}
                type="url"
                inputMode="url"
                placeholder="https://www.exemple.fr"
                autoComplete="url"
                maxLength={2000}
              />
            )}
          </Field>
          <Field
            label="Ambiance souhaitée"
            description="Décrivez en quelques mots l'ambiance de votre futur site : chaleureuse, sobre, dynamique…"
            error={errors.customInspiration?.message}
          >
            {(control) => (
              <Textarea {...control} {...register('customInspiration')} rows={4} maxLength={2000} />
            )}
          </Field>
        </div>
      </StepSection>
    </div>
  );
}

function StyleChoice() {
  const { register } = useFormContext<WizardValues>();
  const { errors } = useFormState<WizardValues>();
  const [template, primary, secondary, font, companyName] = useWatch<
    WizardValues,
    ['selectedTemplate', 'primaryColor', 'secondaryColor', 'fontFamily', 'companyName']
  >({ name: ['selectedTemplate', 'primaryColor', 'secondaryColor', 'fontFamily', 'companyName'] });
  const primaryHex = /^#[0-9a-f]{6}$/i.test(primary) ? primary : '#3b82f6';
  const secondaryHex = /^#[0-9a-f]{6}$/i.test(secondary) ? secondary : '#10b981';

  return (
    <ChoiceGroup
      role="radiogroup"
      legend="Style"
      description="Un aperçu avec vos couleurs et votre police ; « Voir le site » ouvre une démonstration."
      error={errors.selectedStyle?.message}
      choicesClassName="sm:grid-cols-3"
    >
      {styleKeys.map((style) => {
        const demo = new URLSearchParams({
          style,
          primary: primaryHex.slice(1),
          secondary: secondaryHex.slice(1),
          font,
        });
        return (
          <div key={style} className="flex flex-col gap-2">
            <RadioCard
              {...register('selectedStyle')}
              value={style}
              label={styleLabels[style].name}
              description={styleLabels[style].description}
              media={
                <StylePreview
                  style={style}
                  primary={primaryHex}
                  secondary={secondaryHex}
                  font={font}
                  siteName={companyName}
                  className="w-full rounded-lg border border-slate-200"
                />
              }
            />
            <a
              href={`/demo/${template ?? POPULAR_TEMPLATE}?${demo.toString()}`}
              target="_blank"
              rel="noopener"
              className="inline-flex items-center gap-1 self-start rounded text-sm font-semibold text-primary-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500"
            >
              Voir le site
              <span className="sr-only"> {styleLabels[style].name.toLowerCase()} (nouvel onglet)</span>
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
                <path d="M11 3a1 1 0 1 0 0 2h2.59l-6.3 6.3a1 1 0 1 0 1.42 1.4L15 6.42V9a1 1 0 1 0 2 0V4a1 1 0 0 0-1-1h-5Z" />
                <path d="M5 5a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2v-3a1 1 0 1 0-2 0v3H5V7h3a1 1 0 0 0 0-2H5Z" />
              </svg>
            </a>
          </div>
        );
      })}
    </ChoiceGroup>
  );
}

function ColorField({
  name,
  label,
  fallback,
}: {
  name: 'primaryColor' | 'secondaryColor';
  label: string;
  fallback: string;
}) {
  const { control } = useFormContext<WizardValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field label={label} error={fieldState.error?.message}>
          {(controlProps) => (
            <ColorInput
              {...controlProps}
              ref={field.ref}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              pickerLabel={`Sélecteur de ${label.toLowerCase()}`}
              fallback={fallback}
            />
          )}
        </Field>
      )}
    />
  );
}
