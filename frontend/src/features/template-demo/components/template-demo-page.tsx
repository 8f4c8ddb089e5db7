import {
  fontLabels,
  freeOptionLabels,
  styleLabels,
  templateFreeOptions,
  templateLabels,
} from '@coseso/domain/orders/wizard';
import { type TemplateKey } from '@coseso/domain/pricing/pricing-grid';
import { Link } from '@tanstack/react-router';
import { type ComponentType } from 'react';
import { cn } from '@/lib/cn';
import { demoColourVariables, type DemoStyle, demoThemes } from '../demo-theme';
import { BusinessDemo } from './business-demo';
import { DemoThemeContext } from './demo-theme-context';
import { EcommerceDemo } from './ecommerce-demo';
import { OnepageDemo } from './onepage-demo';
import { PortfolioDemo } from './portfolio-demo';

const demos: Record<TemplateKey, ComponentType> = {
  onepage: OnepageDemo,
  portfolio: PortfolioDemo,
  business: BusinessDemo,
  ecommerce: EcommerceDemo,
};

export interface TemplateDemoProps {
  template: TemplateKey;
  style: DemoStyle;
  /** 6 hex digits, without '#'. */
  primary: string;
  /** 6 hex digits, without '#'. */
  secondary: string;
  font: keyof typeof fontLabels;
}

export function TemplateDemoPage({ template, style, primary, secondary, font }: TemplateDemoProps) {
  const Demo = demos[template];
  const theme = demoThemes[style];
  const templateName = templateLabels[template].name;
  const styleName = styleLabels[style].name;
  return (
    <>
      <title>{`Aperçu du modèle ${templateName} · Coseso`}</title>
      <div
        role="region"
        aria-label="Aperçu Coseso"
        className="relative z-30 bg-slate-900 px-4 py-2.5 text-sm text-white sm:px-6"
      >
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2">
          <p>
            <span className="font-semibold">
              Aperçu du modèle {templateName} — style {styleName}
            </span>
            <span className="text-slate-300"> · police {fontLabels[font].name.toLowerCase()}</span>
          </p>
          <div className="flex items-center gap-4">
            <details className="group relative">
              <summary className="cursor-pointer rounded text-slate-200 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">
                Inclus dans ce modèle
              </summary>
              <ul className="absolute left-0 mt-2 w-64 rounded-xl bg-white p-4 text-slate-700 shadow-xl sm:right-0 sm:left-auto">
                {templateFreeOptions[template].map((option) => (
                  <li key={option} className="py-1">
                    {freeOptionLabels[option]}
                  </li>
                ))}
              </ul>
            </details>
            <Link
              to="/"
              className="rounded font-semibold text-white underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              Retour sur Coseso
            </Link>
          </div>
        </div>
      </div>
      <DemoThemeContext value={theme}>
        <div
          className={cn('min-h-dvh', theme.root)}
          style={demoColourVariables(primary, secondary, fontLabels[font].stack)}
        >
          <Demo />
        </div>
      </DemoThemeContext>
    </>
  );
}
