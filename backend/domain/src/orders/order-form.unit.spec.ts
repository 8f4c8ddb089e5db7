import { changesContent, diffForm, mergeForm, withDefaults } from './order-form.js';
import { normalizeWebUrl } from './url.js';

describe('diffForm', () => {
  it('keeps only changed fields and changed option flags', () => {
    const current = {
      companyName: 'A',
      selectedTemplate: 'onepage' as const,
      additionalOptions: { seoOptimizations: true },
    };
    expect(
      diffForm(current, {
        companyName: 'A',
        selectedTemplate: 'business',
        additionalOptions: { seoOptimizations: true, aiChatbot: true, liveTraining: false },
      }),
    ).toEqual({ selectedTemplate: 'business', additionalOptions: { aiChatbot: true } });
  });

  it('sees no change in a blank answer over a field never set', () => {
    expect(
      diffForm(
        { companyName: 'A', additionalOptions: { seoOptimizations: true } },
        {
          companyName: 'A',
          companyId: '',
          selectedDomain: null,
          termsAccepted: false,
          additionalOptions: { seoOptimizations: true, aiChatbot: false },
          freeOptions: { blog: false },
        },
      ),
    ).toEqual({});
    // A flag turned off is a change.
    expect(
      diffForm(
        { additionalOptions: { seoOptimizations: true } },
        { additionalOptions: { seoOptimizations: false } },
      ),
    ).toEqual({ additionalOptions: { seoOptimizations: false } });
  });

  it('sees a cleared field and a changed domain as changes', () => {
    expect(
      diffForm(
        { companyName: 'A', selectedDomain: { domain: 'a.fr', price: 1500 } },
        { companyName: '', selectedDomain: { domain: 'b.fr', price: 1500 } },
      ),
    ).toEqual({
      companyName: '',
      selectedDomain: { domain: 'b.fr', price: 1500 },
    });
    expect(
      diffForm(
        { selectedDomain: { domain: 'a.fr', price: 1500 } },
        { selectedDomain: { domain: 'a.fr', price: 1500 } },
      ),
    ).toEqual({});
  });

  it('is empty when nothing changed or nothing was sent', () => {
    expect(diffForm({ companyName: 'A' }, { companyName: 'A' })).toEqual({});
    expect(diffForm({ companyName: 'A' }, {})).toEqual({});
  });
});

describe('withDefaults', () => {
  it("ticks the template's included features when none were chosen, as the wizard does", () => {
    expect(withDefaults({ selectedTemplate: 'portfolio' }).freeOptions).toEqual({
      gallery: true,
      biography: true,
      aboutPage: true,
      testimonials: true,
      contactForm: true,
      socialLinks: true,
    });
    expect(withDefaults({ selectedTemplate: 'portfolio', freeOptions: { blog: true } }).freeOptions).toEqual({
      blog: true,
    });
    expect(withDefaults({}).freeOptions).toBeUndefined();
  });
});

describe('mergeForm', () => {
  it('overlays fields and merges option groups flag by flag', () => {
    expect(
      mergeForm(
        { companyName: 'A', hostingOptions: { hostingType: 'included', maintenanceMonthly: true } },
        { hostingOptions: { maintenanceMonthly: false } },
      ),
    ).toEqual({ companyName: 'A', hostingOptions: { hostingType: 'included', maintenanceMonthly: false } });
  });

  it('puts the wizard defaults under what was chosen', () => {
    expect(
      withDefaults({ primaryColor: '#000000', hostingOptions: { hostingType: 'autonomous' } }),
    ).toMatchObject({
      primaryColor: '#000000',
      secondaryColor: '#10b981',
      fontFamily: 'modern',
      hostingOptions: { hostingType: 'autonomous', dnsType: 'new', domainExtension: '.fr' },
    });
  });
});

describe('changesContent', () => {
  it('treats consent ticks as not changing the order', () => {
    expect(changesContent({ termsAccepted: true, marketingConsent: false })).toBe(false);
    expect(changesContent({ termsAccepted: true, companyName: 'B' })).toBe(true);
  });
});

describe('normalizeWebUrl', () => {
  it.each([
    ['monsite.fr', 'https://monsite.fr/'],
    ['  http://monsite.fr/page  ', 'http://monsite.fr/page'],
    ['HTTPS://Preview.Coseso.fr/x?y=1', 'https://preview.coseso.fr/x?y=1'],
  ])('turns %j into %j', (input, expected) => {
    expect(normalizeWebUrl(input)).toBe(expected);
  });

  it.each(['', '   ', 'localhost', 'pas une url', 'ftp://monsite.fr', 'javascript:alert(1)'])(
    'refuses %j',
    (input) => {
      expect(normalizeWebUrl(input)).toBeNull();
    },
  );
});
