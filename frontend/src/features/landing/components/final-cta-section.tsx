import { StartOrderButton } from './start-order-button';

export function FinalCtaSection() {
  return (
    <section aria-labelledby="final-cta-title" className="px-4 py-20 sm:px-6">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 rounded-3xl bg-primary-700 px-6 py-14 text-center text-white shadow-xl sm:px-12">
        <h2 id="final-cta-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Prêt à lancer votre site&nbsp;?
        </h2>
        <p className="max-w-2xl text-lg text-pretty text-primary-100">
          Commande en 2 minutes, brief en 15 minutes, votre site créé en 7 à 10 jours. Satisfait ou remboursé
          pendant 14 jours.
        </p>
        <StartOrderButton variant="inverse">Commencer maintenant</StartOrderButton>
      </div>
    </section>
  );
}
