import { templateFreeOptions } from '@coseso/domain/orders/wizard';
import { cn } from '@/lib/cn';
import { DemoArtwork } from './demo-artwork';
import {
  CardGrid,
  DemoButton,
  DemoFooter,
  DemoHeader,
  DemoHero,
  DemoSection,
  DemoTestimonials,
} from './demo-parts';
import { DemoContactSection } from './demo-forms';
import { useDemoTheme } from './demo-theme-context';

const included = new Set(templateFreeOptions.portfolio);
const name = 'Claire Dubois';

const works = [
  'Mariage au château de Vayres',
  'Portrait en lumière naturelle',
  'Reportage au marché des Capucins',
  'Séance famille au bord du lac',
  'Campagne pour une maison de vin',
  'Portrait d’artisan dans son atelier',
];

export function PortfolioDemo() {
  const theme = useDemoTheme();
  return (
    <>
      <DemoHeader
        name={name}
        links={[
          { href: '#demo-galerie', label: 'Galerie' },
          { href: '#demo-biographie', label: 'Biographie' },
          { href: '#demo-avis', label: 'Avis' },
          { href: '#demo-contact', label: 'Contact' },
        ]}
      />
      <main id="contenu">
        <DemoHero
          eyebrow="Photographe à Bordeaux"
          title="Des images qui racontent vos plus beaux moments"
          text={
            'Mariages, portraits et reportages d’entreprise\u00a0: une approche discrète et lumineuse, en Gironde et partout en France.'
          }
          actions={
            <>
              <DemoButton>Voir la galerie</DemoButton>
              <DemoButton kind="secondary">Réserver une séance</DemoButton>
            </>
          }
          art={
            <DemoArtwork variant={0} label="Paysage au coucher du soleil" className="aspect-[4/3] w-full" />
          }
        />
        {included.has('gallery') && (
          <DemoSection id="demo-galerie" eyebrow="Galerie" title="Réalisations récentes">
            <ul className="grid grid-cols-2 gap-4 lg:grid-cols-3">
              {works.map((work, index) => (
                <li key={work}>
                  <figure className="group flex flex-col gap-2">
                    <div className="overflow-hidden rounded-2xl">
                      <DemoArtwork
                        variant={index}
                        label={work}
                        className="aspect-square w-full transition duration-300 group-hover:scale-105 motion-reduce:transition-none"
                      />
                    </div>
                    <figcaption className={cn('text-sm', theme.muted)}>{work}</figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          </DemoSection>
        )}
        {included.has('biography') && (
          <DemoSection id="demo-biographie" eyebrow="Biographie" title="Bonjour, moi c’est Claire" alt>
            <div className="grid gap-10 lg:grid-cols-[2fr_3fr]">
              <div className="overflow-hidden rounded-3xl">
                <DemoArtwork variant={2} label="Portrait de Claire Dubois" className="aspect-[4/5] w-full" />
              </div>
              <div className={cn('flex flex-col gap-4 text-lg', theme.muted)}>
                <p>
                  Photographe depuis douze ans, j’ai commencé par la photographie de presse avant de me
                  consacrer aux mariages et aux portraits. J’aime les lumières douces, les gestes spontanés et
                  les histoires vraies.
                </p>
                <p>
                  Installée à Bordeaux, je me déplace dans toute la Nouvelle-Aquitaine et au-delà pour
                  accompagner vos événements, de la préparation aux dernières danses.
                </p>
              </div>
            </div>
          </DemoSection>
        )}
        {included.has('aboutPage') && (
          <DemoSection id="demo-approche" eyebrow="À propos" title="Ma façon de travailler">
            <CardGrid
              items={[
                {
                  title: 'Un premier échange',
                  text: 'Nous faisons connaissance et construisons ensemble votre projet.',
                },
                {
                  title: 'Le jour J',
                  text: 'Je me fais discrète pour capter les émotions telles qu’elles sont.',
                },
                {
                  title: 'Vos images',
                  text: 'Une galerie privée en ligne sous trois semaines, prête à partager.',
                },
              ]}
            />
          </DemoSection>
        )}
        {included.has('testimonials') && (
          <DemoSection id="demo-avis" eyebrow="Avis" title="Ce qu’en disent mes clients" alt>
            <DemoTestimonials
              items={[
                {
                  quote: 'Des photos magnifiques et une présence si discrète que nous l’avions oubliée.',
                  name: 'Léa et Thomas',
                  detail: 'Mariage à Saint-Émilion',
                },
                {
                  quote: 'Claire a su mettre toute l’équipe à l’aise. Nos portraits sont superbes.',
                  name: 'Atelier Garonne',
                  detail: 'Portraits d’équipe',
                },
                {
                  quote: 'Un regard unique, une vraie sensibilité. Nous referons appel à elle.',
                  name: 'Sandrine M.',
                  detail: 'Séance famille',
                },
              ]}
            />
          </DemoSection>
        )}
        <DemoContactSection
          included={included}
          title="Racontez-moi votre projet"
          address="Quartier Chartrons, 33000 Bordeaux"
          phone="06 00 00 00 00"
          email="bonjour@clairedubois-photo.fr"
          hours="Réponse sous 48 h"
        />
      </main>
      <DemoFooter name={name} tagline="Photographe à Bordeaux" social={included.has('socialLinks')} />
    </>
  );
}
