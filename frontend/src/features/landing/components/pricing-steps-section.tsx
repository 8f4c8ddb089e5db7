import { LANDING_POPULAR_TEMPLATE } from '@coseso/domain/pricing/landing-figures-element';
import { type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { type LandingFigures, useLandingFigures } from '../api/landing-figures';
import { CheckCircleIcon } from './icons';
import { SectionHeading } from './section-heading';
import { StartOrderButton } from './start-order-button';

// Marketing copy of the landing page; the wizard's own descriptions would pull its whole label
// module into the landing's first load.
const templatePitches: Record<LandingFigures['cards'][number]['template'], string> = {
  onepage: 'Une page unique et efficace pour présenter votre activité.',
  portfolio: 'Vos réalisations mises en valeur, pour les créatifs et les indépendants.',
  business: 'Plusieurs pages pour vos services, votre équipe et vos actualités.',
  ecommerce: 'Une boutique en ligne complète\u00a0: catalogue, paiement et commandes.',
};

export function PricingStepsSection() {
  const figures = useLandingFigures();
  return (
    <section id="tarifs" aria-labelledby="tarifs-title" className="scroll-mt-24 px-4 py-20 sm:px-6">
      <div className="mx-auto flex max-w-6xl flex-col gap-16">
        <SectionHeading id="tarifs-title" eyebrow="Tarifs" title="Votre prix en 3 étapes">
          Des tarifs clairs, affichés hors taxes, sans devis ni surprise.
        </SectionHeading>
        {figures ? (
          <>
            <TemplateStep cards={figures.cards} />
            <OptionsStep options={figures.options} />
            <RhythmStep rhythms={figures.rhythms} />
          </>
        ) : (
          <p role="status" className="text-center text-slate-600">
            Chargement des tarifs…
          </p>
        )}
        <div className="flex justify-center">
          <StartOrderButton>Je personnalise mon site</StartOrderButton>
        </div>
      </div>
    </section>
  );
}

function Step({
  number,
  title,
  id,
  children,
}: {
  number: number;
  title: string;
  id: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-6">
      <h3 id={id} className="flex items-center gap-3 text-2xl font-bold tracking-tight text-slate-900">
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-600 text-base text-white"
        >
          {number}
        </span>
        <span>
          <span className="sr-only">Étape {number}&nbsp;: </span>
          {title}
        </span>
      </h3>
      {children}
    </div>
  );
}

function TemplateStep({ cards }: { cards: LandingFigures['cards'] }) {
  return (
    <Step number={1} id="tarifs-modele" title="Choisissez votre type de site">
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((card) => {
          const popular = card.template === LANDING_POPULAR_TEMPLATE;
          return (
            <li
              key={card.template}
              className={cn(
                'relative flex flex-col gap-4 rounded-2xl border bg-white p-6 shadow-sm',
                popular ? 'border-primary-500 ring-2 ring-primary-500' : 'border-slate-200',
              )}
            >
              {popular && (
                <p className="absolute -top-3 left-6 rounded-full bg-primary-600 px-3 py-0.5 text-xs font-semibold text-white">
                  Le plus populaire
                </p>
              )}
              <h4 className="text-lg font-semibold text-slate-900">{card.label}</h4>
              <p className="text-sm text-slate-600">{templatePitches[card.template]}</p>
              <p className="mt-auto flex flex-col">
                <span className="text-3xl font-extrabold tracking-tight text-slate-900">
                  {card.annualHT}
                  <span className="text-base font-medium text-slate-600">&nbsp;HT&nbsp;/&nbsp;an</span>
                </span>
                <span className="text-sm text-slate-600">en paiement annuel</span>
              </p>
              <p className="border-t border-slate-100 pt-4 text-sm text-slate-600">
                ou <strong className="text-slate-900">{card.monthlyHT}&nbsp;HT&nbsp;/&nbsp;mois</strong> en
                paiement mensuel
                <span className="block">+ {card.setupFeeHT}&nbsp;HT de frais de mise en service</span>
              </p>
            </li>
          );
        })}
      </ul>
    </Step>
  );
}

function OptionsStep({ options: priced }: { options: LandingFigures['options'] }) {
  const options = [
    ...priced,
    {
      key: 'maintenance',
      label: 'Maintenance et mises à jour de sécurité',
      price: 'Incluse',
      note: 'Avec l’hébergement Coseso, sans supplément',
    },
  ];
  return (
    <Step number={2} id="tarifs-options" title="Ajoutez les options utiles">
      <p className="max-w-3xl text-slate-600">
        Votre modèle inclut déjà l’essentiel de son type de site. Ajoutez seulement ce dont vous avez
        besoin&nbsp;; en paiement mensuel, le prix annuel des options est réparti sur vos mensualités, et le
        logo et les textes, faits une fois, s’ajoutent aux frais de mise en service.
      </p>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {options.map(({ key, label, price, note }) => (
          <li
            key={key}
            className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-sm"
          >
            <span className="font-semibold text-slate-900">{label}</span>
            <span className="text-sm font-medium text-primary-700">{price}</span>
            {/* Always there, empty when the option has no note: the server fills in the prerendered page's. */}
            <span className="text-xs text-slate-500 empty:hidden">{note}</span>
          </li>
        ))}
      </ul>
    </Step>
  );
}

function RhythmStep({ rhythms: rates }: { rhythms: LandingFigures['rhythms'] }) {
  const rhythms = [
    {
      title: 'Paiement annuel',
      highlight: 'Le plus économique',
      points: [
        `${rates.depositPercent}\u00a0% au démarrage du projet`,
        `${rates.balancePercent}\u00a0% à la livraison, après votre validation`,
        'Le site vous appartient dès la livraison',
        'Aucun frais de mise en service',
      ],
    },
    {
      title: 'Paiement mensuel',
      highlight: 'Le plus souple',
      points: [
        'Frais de mise en service à la commande',
        'Abonnement mensuel à partir de la livraison',
        `Mensualité\u00a0: prix annuel majoré de ${rates.monthlyMarkupPercent}\u00a0%, réparti sur 12\u00a0mois`,
        'Sans engagement, résiliable à tout moment',
      ],
    },
  ];
  return (
    <Step number={3} id="tarifs-rythme" title="Choisissez votre rythme de paiement">
      <ul className="grid gap-6 md:grid-cols-2">
        {rhythms.map(({ title, highlight, points }) => (
          <li
            key={title}
            className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h4 className="text-xl font-semibold text-slate-900">{title}</h4>
              <p className="rounded-full bg-primary-50 px-3 py-1 text-sm font-semibold text-primary-700">
                {highlight}
              </p>
            </div>
            <ul className="flex flex-col gap-3 text-slate-700">
              {points.map((point) => (
                <li key={point} className="flex items-start gap-3">
                  <CheckCircleIcon className="mt-0.5 size-5 shrink-0 text-primary-600" />
                  {point}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </Step>
  );
}
