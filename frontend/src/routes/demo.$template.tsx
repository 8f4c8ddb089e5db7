import { type fontLabels, type styleLabels, type templateLabels } from '@coseso/domain/orders/wizard';
import { createFileRoute } from '@tanstack/react-router';
// zod/mini: the route config ships in the entry chunk, and the full zod would cost ~15 KB gzip there.
import { z } from 'zod/mini';
import { NotFoundPage } from '@/features/errors/components/not-found-page';
import { TemplateDemoPage } from '@/features/template-demo/components/template-demo-page';

// Key lists written out so the entry chunk does not load the domain's label tables; the mapped
// types make the compiler check them against those tables.
const templates: { [K in keyof typeof templateLabels]: K } = {
  onepage: 'onepage',
  portfolio: 'portfolio',
  business: 'business',
  ecommerce: 'ecommerce',
};
const styles: { [K in keyof typeof styleLabels]: K } = { colorful: 'colorful', white: 'white', dark: 'dark' };
const fonts: { [K in keyof typeof fontLabels]: K } = {
  modern: 'modern',
  classic: 'classic',
  creative: 'creative',
};

// The router JSON-decodes search values (an all-digit colour such as 123456 arrives as a number),
// hence the coercion; a leading '#' is tolerated and dropped.
const hexColour = (fallback: string) =>
  z.catch(
    z.coerce.string().check(
      z.regex(/^#?[0-9a-fA-F]{6}$/),
      z.overwrite((value) => value.replace('#', '').toLowerCase()),
    ),
    fallback,
  );

const paramsSchema = z.object({ template: z.enum(templates, { error: 'Modèle de site inconnu' }) });

// The wizard's starting values (spec §3), for a link that lacks some of them.
const searchSchema = z.object({
  style: z.catch(z.enum(styles), 'colorful'),
  primary: hexColour('3b82f6'),
  secondary: hexColour('10b981'),
  font: z.catch(z.enum(fonts), 'modern'),
});

export const Route = createFileRoute('/demo/$template')({
  params: { parse: (params) => paramsSchema.parse(params) },
  validateSearch: (search) => searchSchema.parse(search),
  // The only thing that can fail here is an unknown template in the address.
  errorComponent: NotFoundPage,
  component: TemplateDemoRoute,
});

function TemplateDemoRoute() {
  const { template } = Route.useParams();
  const search = Route.useSearch();
  return <TemplateDemoPage template={template} {...search} />;
}
