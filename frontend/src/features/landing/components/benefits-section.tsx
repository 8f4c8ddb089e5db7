import { type ComponentType } from 'react';
import { DevicesIcon, PaletteIcon, SearchIcon } from './icons';
import { SectionHeading } from './section-heading';

const benefits: Array<{ title: string; text: string; Icon: ComponentType<{ className?: string }> }> = [
  {
    title: 'Design sur mesure',
    text: 'Vos couleurs, votre logo, votre ton\u00a0: notre équipe adapte un modèle éprouvé à votre métier pour un site qui vous ressemble.',
    Icon: PaletteIcon,
  },
  {
    title: 'Adapté à tous les écrans',
    text: 'Ordinateur, tablette ou mobile\u00a0: votre site s’affiche parfaitement partout, là où vos clients vous cherchent.',
    Icon: DevicesIcon,
  },
  {
    title: 'Référencement intégré',
    text: 'Structure propre, pages rapides, balises soignées\u00a0: les bonnes pratiques du référencement naturel sont incluses dès la mise en ligne.',
    Icon: SearchIcon,
  },
];

export function BenefitsSection() {
  return (
    <section id="services" aria-labelledby="services-title" className="scroll-mt-24 px-4 py-20 sm:px-6">
      <div className="mx-auto flex max-w-6xl flex-col gap-12">
        <SectionHeading id="services-title" eyebrow="Services" title="Un site pensé pour votre activité">
          Tout ce qu’il faut pour être trouvé, rassurer vos clients et les convaincre, sans vous occuper de la
          technique.
        </SectionHeading>
        <ul className="grid gap-6 md:grid-cols-3">
          {benefits.map(({ title, text, Icon }) => (
            <li
              key={title}
              className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <span className="flex size-12 items-center justify-center rounded-xl bg-primary-50 text-primary-600">
                <Icon className="size-6" />
              </span>
              <h3 className="text-xl font-semibold text-slate-900">{title}</h3>
              <p className="text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
