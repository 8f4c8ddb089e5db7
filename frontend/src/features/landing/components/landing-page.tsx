import { BenefitsSection } from './benefits-section';
import { FinalCtaSection } from './final-cta-section';
import { HeroSection } from './hero-section';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { PriceSimulationSection } from './price-simulation-section';
import { PricingStepsSection } from './pricing-steps-section';
import { ProcessSection } from './process-section';
import { StartOrderProvider } from './start-order-provider';
import { TestimonialsSection } from './testimonials-section';

export function LandingPage({ onStartOrder }: { onStartOrder: () => Promise<void> }) {
  return (
    <StartOrderProvider onStartOrder={onStartOrder}>
      <title>Coseso · Votre site internet professionnel, 100 % en ligne</title>
      <div className="flex min-h-dvh flex-col">
        <LandingHeader />
        <main id="contenu" className="flex-1">
          <HeroSection />
          <BenefitsSection />
          <ProcessSection />
          <PricingStepsSection />
          <PriceSimulationSection />
          <TestimonialsSection />
          <FinalCtaSection />
        </main>
        <LandingFooter />
      </div>
    </StartOrderProvider>
  );
}
