import { type FreeOptionKey, type TemplateKey } from '@coseso/event-schemas/order/order-values';

/** What each template includes at no cost (the wizard's ticked-by-default "free options"). */
export const templateFreeOptions: Record<TemplateKey, readonly FreeOptionKey[]> = {
  onepage: ['anchorScroll', 'servicesSection', 'testimonials', 'contactForm', 'googleMaps', 'socialLinks'],
  portfolio: ['gallery', 'biography', 'aboutPage', 'testimonials', 'contactForm', 'socialLinks'],
  business: [
    'aboutPage',
    'servicesSection',
    'testimonials',
    'blog',
    'contactForm',
    'googleMaps',
    'socialLinks',
    'newsletter',
  ],
  ecommerce: [
    'onlinePayment',
    'stockManagement',
    'customerAccount',
    'orderDashboard',
    'newsletter',
    'contactForm',
    'socialLinks',
  ],
};
