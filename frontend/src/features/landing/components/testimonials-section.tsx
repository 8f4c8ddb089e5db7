import { StarIcon } from './icons';
import { SectionHeading } from './section-heading';

const testimonials = [
  {
    quote:
      'Le brief m’a pris un quart d’heure et mon site était en ligne dix jours plus tard. Mes clientes réservent maintenant leurs compositions directement depuis leur téléphone.',
    name: 'Sophie Marchand',
    role: 'Fleuriste, L’Atelier de Sophie, Annecy',
    initials: 'SM',
    tone: 'bg-rose-100 text-rose-800',
  },
  {
    quote:
      'Enfin un site qui montre vraiment nos chantiers. Les ajustements demandés ont été faits en deux jours, et les demandes de devis arrivent chaque semaine.',
    name: 'Karim Benali',
    role: 'Gérant, KB Rénovation, Toulouse',
    initials: 'KB',
    tone: 'bg-amber-100 text-amber-800',
  },
  {
    quote:
      'Notre boutique en ligne tourne toute seule. Grâce à la formation, je gère mes produits et mes commandes sans aide depuis le premier jour.',
    name: 'Élodie Garnier',
    role: 'Fondatrice, Savonnerie du Lavoir, Rennes',
    initials: 'ÉG',
    tone: 'bg-emerald-100 text-emerald-800',
  },
];

export function TestimonialsSection() {
  return (
    <section aria-labelledby="temoignages-title" className="px-4 py-20 sm:px-6">
      <div className="mx-auto flex max-w-6xl flex-col gap-12">
        <SectionHeading
          id="temoignages-title"
          eyebrow="Témoignages"
          title="Ils ont lancé leur site avec Coseso"
        />
        <ul className="grid gap-6 md:grid-cols-3">
          {testimonials.map(({ quote, name, role, initials, tone }) => (
            <li key={name}>
              <figure className="flex h-full flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <p className="flex gap-0.5 text-amber-500" role="img" aria-label="Note : 5 sur 5">
                  {[1, 2, 3, 4, 5].map((star) => (
                    <StarIcon key={star} />
                  ))}
                </p>
                <blockquote className="flex-1 text-slate-700">
                  <p>«&nbsp;{quote}&nbsp;»</p>
                </blockquote>
                <figcaption className="flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className={`flex size-11 shrink-0 items-center justify-center rounded-full text-sm font-bold ${tone}`}
                  >
                    {initials}
                  </span>
                  <span className="flex flex-col">
                    <span className="font-semibold text-slate-900">{name}</span>
                    <span className="text-sm text-slate-600">{role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
