import { SectionHeading } from './section-heading';

const steps = [
  {
    title: 'Commande',
    duration: '2\u00a0min',
    text: 'Choisissez votre modèle, vos options et votre rythme de paiement, puis réglez en ligne.',
  },
  {
    title: 'Brief créatif',
    duration: '15\u00a0min',
    text: 'Décrivez votre activité et envoyez votre logo, vos textes et vos images depuis votre espace client.',
  },
  {
    title: 'Création',
    duration: '7 à 10\u00a0jours',
    text: 'Notre équipe construit votre site\u00a0; vous suivez son avancement dans votre espace client.',
  },
  {
    title: 'Validation et ajustements',
    duration: '2 à 3\u00a0jours',
    text: 'Vous découvrez l’aperçu, demandez vos ajustements, puis validez votre site.',
  },
  {
    title: 'Mise en ligne',
    duration: '1\u00a0jour',
    text: 'Votre site est publié et nous vous formons à sa prise en main.',
  },
];

export function ProcessSection() {
  return (
    <section
      id="processus"
      aria-labelledby="processus-title"
      className="scroll-mt-24 bg-slate-50 px-4 py-20 sm:px-6"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-12">
        <SectionHeading
          id="processus-title"
          eyebrow="Comment ça marche"
          title="De la commande à la mise en ligne"
        >
          Cinq étapes simples, entièrement en ligne. Vous gardez la main à chaque étape.
        </SectionHeading>
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {steps.map(({ title, duration, text }, index) => (
            <li
              key={title}
              className="relative flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <h3 className="order-2 text-lg font-semibold text-slate-900">
                <span className="sr-only">Étape {index + 1}&nbsp;: </span>
                {title}
              </h3>
              <div className="order-1 flex items-center justify-between gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-10 items-center justify-center rounded-full bg-primary-600 text-lg font-bold text-white"
                >
                  {index + 1}
                </span>
                <p className="rounded-full bg-primary-50 px-3 py-1 text-sm font-semibold text-primary-700">
                  <span className="sr-only">Durée&nbsp;: </span>
                  {duration}
                </p>
              </div>
              <p className="order-3 text-sm text-slate-600">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
