import { CheckCircleIcon } from './icons';
import { StartOrderButton } from './start-order-button';

const promises = [
  'Fabriqué en France',
  '100\u00a0% en ligne',
  'Démarrage en 3\u00a0minutes',
  'Support du lundi au vendredi, 9h–18h',
  'Satisfait ou remboursé pendant 14\u00a0jours',
];

export function HeroSection() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-primary-50 via-white to-white"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 left-1/2 size-[42rem] -translate-x-1/2 rounded-full bg-primary-200/40 blur-3xl"
      />
      <div className="relative mx-auto flex max-w-6xl flex-col items-center gap-8 px-4 py-20 text-center sm:px-6 sm:py-28">
        <p className="rounded-full border border-primary-200 bg-white px-4 py-1 text-sm font-medium text-primary-700">
          Sites internet pour TPE et PME
        </p>
        <h1
          id="hero-title"
          className="max-w-4xl text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl"
        >
          Votre site professionnel, conçu par une équipe française
        </h1>
        <p className="max-w-2xl text-lg text-pretty text-slate-600 sm:text-xl">
          Choisissez votre modèle, personnalisez-le et payez en ligne. Notre équipe crée votre site, vous le
          validez, il est en ligne. Sans rendez-vous commercial.
        </p>
        <div className="flex w-full flex-col items-stretch justify-center gap-3 sm:w-auto sm:flex-row">
          <StartOrderButton>Commencer</StartOrderButton>
          <StartOrderButton variant="outline">Créer mon site</StartOrderButton>
        </div>
        <ul
          aria-label="Nos engagements"
          className="flex max-w-3xl flex-wrap justify-center gap-x-6 gap-y-3 text-sm font-medium text-slate-700"
        >
          {promises.map((promise) => (
            <li key={promise} className="flex items-center gap-2">
              <CheckCircleIcon className="size-5 text-primary-600" />
              {promise}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
