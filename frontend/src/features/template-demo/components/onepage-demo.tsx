import { templateFreeOptions } from '@coseso/domain/orders/wizard';
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

const included = new Set(templateFreeOptions.onepage);
const name = 'Lefèvre Plomberie';

export function OnepageDemo() {
  return (
    <>
      <DemoHeader
        name={name}
        links={
          included.has('anchorScroll')
            ? [
                { href: '#demo-services', label: 'Services' },
                { href: '#demo-avis', label: 'Avis' },
                { href: '#demo-contact', label: 'Contact' },
              ]
            : []
        }
        actions={<DemoButton className="px-4 py-2 text-sm">Demander un devis</DemoButton>}
      />
      <main id="contenu">
        <DemoHero
          eyebrow="Plombier chauffagiste à Nantes"
          title="Votre plombier de confiance, disponible 6 jours sur 7"
          text={
            'Dépannage, rénovation de salle de bain et entretien de chaudière\u00a0: une équipe locale, des devis clairs et des interventions soignées.'
          }
          actions={
            <>
              <DemoButton>Demander un devis</DemoButton>
              <DemoButton kind="secondary">Nos services</DemoButton>
            </>
          }
          art={<DemoArtwork variant={3} label="Une salle de bain rénovée" className="aspect-[4/3] w-full" />}
          facts={[
            { value: '20 ans', label: 'd’expérience' },
            { value: '1 h', label: 'délai moyen' },
            { value: '4,9/5', label: 'avis clients' },
          ]}
        />
        {included.has('servicesSection') && (
          <DemoSection
            id="demo-services"
            eyebrow="Services"
            title="Ce que nous faisons pour vous"
            intro="Des interventions rapides pour les urgences, et des chantiers soignés pour vos projets."
          >
            <CardGrid
              items={[
                {
                  title: 'Dépannage rapide',
                  text: 'Fuite, canalisation bouchée, chauffe-eau en panne : nous intervenons dans l’heure.',
                },
                {
                  title: 'Salle de bain',
                  text: 'Conception et rénovation complètes, de la douche à l’italienne au meuble vasque.',
                },
                {
                  title: 'Chauffage',
                  text: 'Installation, entretien annuel et remplacement de chaudières et pompes à chaleur.',
                },
              ]}
            />
          </DemoSection>
        )}
        {included.has('testimonials') && (
          <DemoSection id="demo-avis" eyebrow="Avis" title="Ils nous ont fait confiance" alt>
            <DemoTestimonials
              items={[
                {
                  quote: 'Intervention le soir même pour une fuite, travail propre et prix annoncé respecté.',
                  name: 'Nathalie R.',
                  detail: 'Rezé',
                },
                {
                  quote: 'Notre salle de bain est méconnaissable. Équipe ponctuelle et de très bon conseil.',
                  name: 'Julien et Marie P.',
                  detail: 'Nantes',
                },
                {
                  quote: 'Entretien de chaudière rapide, explications claires, je recommande sans hésiter.',
                  name: 'Bernard L.',
                  detail: 'Saint-Herblain',
                },
              ]}
            />
          </DemoSection>
        )}
        <DemoContactSection
          included={included}
          title="Parlons de votre besoin"
          address="12 rue des Olivettes, 44000 Nantes"
          phone="02 40 00 00 00"
          email="contact@lefevre-plomberie.fr"
          hours="Lundi au samedi, 8 h – 19 h"
        />
      </main>
      <DemoFooter
        name={name}
        tagline="Plomberie et chauffage à Nantes"
        social={included.has('socialLinks')}
      />
    </>
  );
}
