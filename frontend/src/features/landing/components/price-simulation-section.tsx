import { type ReactNode } from 'react';
import { useLandingFigures } from '../api/landing-figures';
import { SectionHeading } from './section-heading';

export function PriceSimulationSection() {
  const figures = useLandingFigures();
  if (!figures) return null;
  const { simulation, rhythms } = figures;
  const { label } = simulation;
  return (
    <section aria-labelledby="simulation-title" className="bg-slate-50 px-4 py-20 sm:px-6">
      <div className="mx-auto flex max-w-4xl flex-col gap-10">
        <SectionHeading
          id="simulation-title"
          eyebrow="Simulation"
          title={`Annuel ou mensuel\u00a0: combien ça coûte\u00a0?`}
        >
          Exemple sur la première année pour un site {label}, sans option.
        </SectionHeading>
        <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full border-collapse text-left text-sm sm:text-base">
            <caption className="sr-only">
              Comparaison du paiement annuel et du paiement mensuel pour un site {label} sur 12 mois
            </caption>
            <thead>
              <tr className="border-b border-slate-200 bg-slate-50">
                <td className="px-3 py-4 sm:px-5" />
                <th scope="col" className="px-3 py-4 sm:px-5 font-semibold text-slate-900">
                  Paiement annuel
                </th>
                <th scope="col" className="px-3 py-4 sm:px-5 font-semibold text-slate-900">
                  Paiement mensuel
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 text-slate-700">
              <Row title="Prix sur 12 mois (HT)">
                <>{simulation.yearlyTotalHT}</>
                <>{simulation.monthlyTotalHT}</>
              </Row>
              <Row title="Prix sur 12 mois (TTC)">
                <strong className="text-slate-900">{simulation.yearlyTotalTTC}</strong>
                <strong className="text-slate-900">{simulation.monthlyTotalTTC}</strong>
              </Row>
              <Row title="Vos paiements (TTC)">
                <>
                  {simulation.yearlyPayments}
                  <span className="block text-sm text-slate-500">
                    {rhythms.depositPercent}&nbsp;% au démarrage, {rhythms.balancePercent}&nbsp;% à la
                    livraison
                  </span>
                </>
                <>
                  {simulation.monthlyPayments}
                  <span className="block text-sm text-slate-500">Abonnement à partir de la livraison</span>
                </>
              </Row>
            </tbody>
          </table>
        </div>
        <p className="rounded-2xl bg-primary-600 px-6 py-5 text-center text-lg text-white">
          Avec le paiement annuel, vous économisez <strong>{simulation.saving}</strong>, soit{' '}
          <strong>{simulation.savingPercent}&nbsp;%</strong> sur la première année.
        </p>
      </div>
    </section>
  );
}

function Row({ title, children }: { title: string; children: [ReactNode, ReactNode] }) {
  return (
    <tr>
      <th scope="row" className="px-3 py-4 sm:px-5 font-medium text-slate-900">
        {title}
      </th>
      <td className="px-3 py-4 sm:px-5">{children[0]}</td>
      <td className="px-3 py-4 sm:px-5">{children[1]}</td>
    </tr>
  );
}
