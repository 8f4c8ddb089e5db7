import { additionalOptionKeys, freeOptionKeys } from '@coseso/event-schemas/order/order-values';
import {
  assetOptionLabels,
  creationOptionLabels,
  fontLabels,
  freeOptionLabels,
  styleLabels,
  templateFreeOptions,
  templateLabels,
  wizardSteps,
} from '@coseso/domain/orders/wizard';
import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { ADDITIONAL_OPTIONS, HOSTING_INCLUDES, type PriceGrid } from '@coseso/domain/pricing/pricing-grid';
import { type ReactNode } from 'react';
import { Button } from '@/ui/button';
import { dnsTypeLabels, hostingExtraLabels, hostingTypeLabels } from '../utils/wizard-labels';
import { type WizardValues } from '../utils/wizard-values';

interface OrderRecapProps {
  values: WizardValues;
  /** Without it, the recap is read-only (a paid order). */
  onEditStep?: (step: number) => void;
  /** Fields filled but withheld from a reader without credentials (a paid order's link). */
  hiddenFields?: readonly string[];
  /**
   * The catalogue version's names and inclusions the recap shows (the version in force for a
   * draft); the first version's without it.
   */
  grid?: Pick<PriceGrid, 'options'> & { hostingIncludes: readonly string[] };
}

/** A row and the wizard's fields it shows (a hidden one reads « Masqué », not « Non renseigné »). */
type Row = [label: string, value: ReactNode, fields?: readonly string[]];

const listOrNone = (items: string[], none: string) => (items.length > 0 ? items.join(', ') : none);

function domainText(values: WizardValues): string {
  const hosting = values.hostingOptions;
  if (hosting.dnsType === 'existing') return hosting.existingDomain.trim();
  if (values.selectedDomain) {
    return `${values.selectedDomain.domain} (${formatEuros(values.selectedDomain.price, { decimals: 'auto' })} HT/an)`;
  }
  const typed = hosting.newDomainName.trim();
  return typed ? `${typed}${hosting.domainExtension} (disponibilité non vérifiée)` : '';
}

function Swatch({ color }: { color: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span
        aria-hidden="true"
        className="size-4 rounded border border-slate-300"
        style={{ backgroundColor: color }}
      />
      <span className="font-mono uppercase">{color}</span>
    </span>
  );
}

/** Every answer of steps 1 to 7, grouped by step, each group with a way back to its step. */
export function OrderRecap({ values, onEditStep, hiddenFields = [], grid }: OrderRecapProps) {
  const template = values.selectedTemplate;
  const hosting = values.hostingOptions;
  const includedFeatures = template
    ? templateFreeOptions[template].filter((key) => values.freeOptions[key])
    : freeOptionKeys.filter((key) => values.freeOptions[key]);
  const paidOptions = additionalOptionKeys.filter((key) => values.additionalOptions[key]);
  const services = (['customEmails', 'backupMonthly'] as const).filter((key) => hosting[key]);
  const contactName = [values.contactFirstName, values.contactLastName].map((part) => part.trim()).join(' ');

  const groups: Record<number, Row[]> = {
    1: [
      ["Nom de l'entreprise", values.companyName, ['companyName']],
      ["Secteur d'activité", values.companySector],
      ['Adresse postale', values.companyAddress, ['companyAddress']],
      ['SIREN / SIRET', values.companyId, ['companyId']],
    ],
    2: [
      ['Contact', contactName.trim(), ['contactFirstName', 'contactLastName']],
      ['Fonction', values.contactPosition, ['contactPosition']],
      ['Email', values.contactEmail, ['contactEmail']],
      ['Téléphone', values.contactPhone, ['contactPhone']],
      ['Réseaux sociaux', values.socialMedia, ['socialMedia']],
    ],
    3: [['Solution', creationOptionLabels[values.creationOption].name]],
    4: [
      ['Type de site', template ? templateLabels[template].name : ''],
      ['Style', styleLabels[values.selectedStyle].name],
      [
        'Couleurs',
        <span key="colors" className="flex flex-wrap gap-x-4 gap-y-1">
          <Swatch color={values.primaryColor} />
          <Swatch color={values.secondaryColor} />
        </span>,
      ],
      ['Police', fontLabels[values.fontFamily].name],
      ["Site d'inspiration", values.inspirationUrl],
      ['Ambiance souhaitée', values.customInspiration, ['customInspiration']],
    ],
    5: [
      ['Logo', assetOptionLabels.logo[values.logoOption]],
      ['Contenu', assetOptionLabels.content[values.contentOption]],
    ],
    6: [
      [
        'Fonctionnalités incluses',
        listOrNone(
          includedFeatures.map((key) => freeOptionLabels[key]),
          'Aucune',
        ),
      ],
      [
        'Options payantes',
        listOrNone(
          paidOptions.map((key) => (grid?.options ?? ADDITIONAL_OPTIONS)[key].label),
          'Aucune',
        ),
      ],
    ],
    7: [
      [
        'Hébergement',
        hosting.hostingType === 'included'
          ? `${hostingTypeLabels.included}, avec : ${(grid?.hostingIncludes ?? HOSTING_INCLUDES).join(', ')}`
          : hostingTypeLabels[hosting.hostingType],
      ],
      [
        'Nom de domaine',
        `${dnsTypeLabels[hosting.dnsType]}${domainText(values) ? ` : ${domainText(values)}` : ''}`,
      ],
      [
        'Services',
        listOrNone(
          services.map((key) => hostingExtraLabels[key]),
          'Aucun',
        ),
      ],
    ],
  };

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {wizardSteps
        .filter(({ step }) => step in groups)
        .map(({ step, title }) => (
          <section
            key={step}
            aria-labelledby={`recap-step-${step}`}
            className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4"
          >
            <div className="flex items-center justify-between gap-3">
              <h4 id={`recap-step-${step}`} className="font-semibold text-slate-900">
                {title}
              </h4>
              {onEditStep && (
                <Button variant="ghost" size="sm" className="-my-1 h-8 px-2" onClick={() => onEditStep(step)}>
                  Modifier<span className="sr-only"> : {title}</span>
                </Button>
              )}
            </div>
            <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[minmax(0,10rem)_1fr]">
              {groups[step]!.map(([label, value, fields = []]) => (
                <div key={label} className="contents">
                  <dt className="text-slate-500">{label}</dt>
                  <dd className="min-w-0 font-medium break-words whitespace-pre-line text-slate-900">
                    {value !== '' ? (
                      value
                    ) : fields.some((field) => hiddenFields.includes(field)) ? (
                      <span className="font-normal text-slate-500">Masqué</span>
                    ) : (
                      <span className="font-normal text-slate-500">Non renseigné</span>
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
    </div>
  );
}
