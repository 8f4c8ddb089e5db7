import { useHydrated } from '@/lib/use-hydrated';
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
  const hydrated = useHydrated();
  return (
    <StartOrderProvider onStartOrder={onStartOrder}>
      <title>Coseso · Votre site internet professionnel, 100 % en ligne</title>
      {/* Prerendered, the page is on screen before its buttons work: a click before hydration is lost.
          The attribute says when they work, for the browser tests and whoever else must know. */}
      <div className="flex min-h-dvh flex-col" data-hydrated={hydrated || undefined}>
        <LandingHeader />
        {/* The sections below the first screen are laid out as they come near it: on a slow phone
            the first layout of the whole prerendered page was the longest task of the load. */}
        <main
          id="contenu"
          className="flex-1 [&>section:not(:first-child)]:[contain-intrinsic-size:auto_720px] [&>section:not(:first-child)]:[content-visibility:auto]"
        >
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
