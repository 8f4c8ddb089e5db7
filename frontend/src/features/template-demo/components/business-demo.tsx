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
import { DemoContactSection, NewsletterBlock } from './demo-forms';
import { useDemoTheme } from './demo-theme-context';

const included = new Set(templateFreeOptions.business);
const name = 'Moreau Conseil';

const articles = [
  { title: 'Préparer sereinement sa clôture annuelle', date: '12 mars', minutes: 5 },
  { title: 'Trois indicateurs pour piloter sa trésorerie', date: '27 février', minutes: 4 },
  { title: 'Recruter son premier salarié\u00a0: la check-list', date: '8 février', minutes: 6 },
];

export function BusinessDemo() {
  const theme = useDemoTheme();
  return (
    <>
      <DemoHeader
        name={name}
        links={[
          { href: '#demo-services', label: 'Services' },
          { href: '#demo-cabinet', label: 'Le cabinet' },
          { href: '#demo-actualites', label: 'Actualités' },
          { href: '#demo-contact', label: 'Contact' },
        ]}
        actions={<DemoButton className="px-4 py-2 text-sm">Prendre rendez-vous</DemoButton>}
      />
      <main id="contenu">
        <DemoHero
          eyebrow="Cabinet de conseil à Lyon"
          title="Des décisions plus sereines pour votre entreprise"
          text="Nous accompagnons les dirigeants de TPE et PME dans leur gestion, leurs finances et leur croissance, avec des conseils concrets et un interlocuteur unique."
          actions={
            <>
              <DemoButton>Prendre rendez-vous</DemoButton>
              <DemoButton kind="secondary">Découvrir nos services</DemoButton>
            </>
          }
          art={
            <DemoArtwork
              variant={1}
              label="Illustration d’un tableau de bord"
              className="aspect-[4/3] w-full"
            />
          }
          facts={[
            { value: '15 ans', label: 'd’expertise' },
            { value: '240', label: 'entreprises suivies' },
            { value: '98 %', label: 'de clients fidèles' },
          ]}
        />
        {included.has('servicesSection') && (
          <DemoSection
            id="demo-services"
            eyebrow="Services"
            title="Un accompagnement sur mesure"
            intro="Chaque mission commence par un diagnostic gratuit de votre situation."
          >
            <CardGrid
              items={[
                {
                  title: 'Pilotage financier',
                  text: 'Tableaux de bord, prévisionnels et suivi de trésorerie mensuel.',
                  meta: 'Dès le premier mois',
                },
                {
                  title: 'Stratégie et croissance',
                  text: 'Positionnement, nouveaux marchés, financement de vos projets.',
                  meta: 'Mission sur mesure',
                },
                {
                  title: 'Ressources humaines',
                  text: 'Recrutement, organisation et obligations sociales simplifiées.',
                  meta: 'À la demande',
                },
              ]}
            />
          </DemoSection>
        )}
        {included.has('aboutPage') && (
          <DemoSection id="demo-cabinet" eyebrow="Le cabinet" title="Une équipe à taille humaine" alt>
            <div className={cn('grid gap-8 text-lg lg:grid-cols-2', theme.muted)}>
              <p>
                Fondé par Hélène Moreau, ancienne directrice financière, le cabinet réunit cinq consultants
                spécialisés. Nous connaissons les réalités des petites entreprises parce que nous en sommes
                une.
              </p>
              <p>
                Notre engagement&nbsp;: des réponses sous 24 heures, un langage clair et des recommandations
                que vous pouvez appliquer dès le lendemain.
              </p>
            </div>
          </DemoSection>
        )}
        {included.has('testimonials') && (
          <DemoSection id="demo-avis" eyebrow="Témoignages" title="Ils nous font confiance">
            <DemoTestimonials
              items={[
                {
                  quote: 'Grâce à leur suivi mensuel, je sais enfin où en est ma trésorerie.',
                  name: 'Marc Perrin',
                  detail: 'Gérant, Perrin Menuiserie',
                },
                {
                  quote: 'Un accompagnement précieux pour notre levée de fonds. Réactifs et pédagogues.',
                  name: 'Aïcha Diallo',
                  detail: 'Cofondatrice, Studio Kali',
                },
                {
                  quote: 'Ils ont simplifié toute notre gestion RH. Nous gagnons des heures chaque mois.',
                  name: 'Paul Girard',
                  detail: 'Directeur, Girard Transports',
                },
              ]}
            />
          </DemoSection>
        )}
        {included.has('blog') && (
          <DemoSection id="demo-actualites" eyebrow="Actualités" title="Nos derniers conseils" alt>
            <ul className="grid gap-6 md:grid-cols-3">
              {articles.map((article, index) => (
                <li key={article.title}>
                  <article className={cn('flex h-full flex-col overflow-hidden', theme.card)}>
                    <DemoArtwork variant={index + 1} className="aspect-[16/9] w-full" />
                    <div className="flex flex-1 flex-col gap-3 p-6">
                      <p className={cn('text-sm', theme.muted)}>
                        {article.date} · {article.minutes} min de lecture
                      </p>
                      <h3 className={cn('text-lg font-semibold', theme.heading)}>{article.title}</h3>
                      <p className={cn('mt-auto text-sm font-semibold', theme.accentText)}>
                        Lire l’article →
                      </p>
                    </div>
                  </article>
                </li>
              ))}
            </ul>
            {included.has('newsletter') && (
              <NewsletterBlock text="Recevez chaque mois nos conseils de gestion, directement dans votre boîte mail." />
            )}
          </DemoSection>
        )}
        <DemoContactSection
          included={included}
          title="Parlons de votre entreprise"
          address="24 quai Saint-Antoine, 69002 Lyon"
          phone="04 72 00 00 00"
          email="contact@moreau-conseil.fr"
          hours="Lundi au vendredi, 9 h – 18 h"
        />
      </main>
      <DemoFooter name={name} tagline="Conseil en gestion à Lyon" social={included.has('socialLinks')} />
    </>
  );
}
