import { FinalCtaSection } from './final-cta-section';
import { HeroSection } from './hero-section';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { StartOrderProvider } from './start-order-provider';

export function LandingPage({ onStartOrder }: { onStartOrder: () => Promise<void> }) {
  return (
    <StartOrderProvider onStartOrder={onStartOrder}>
      <div className="flex min-h-dvh flex-col">
        <LandingHeader />
        <main id="contenu" className="flex-1">
          <HeroSection />
          <FinalCtaSection />
        </main>
        <LandingFooter />
      </div>
    </StartOrderProvider>
  );
}
