import { addCalendarYears } from '@coseso/domain/shared/calendar';
import { type TestApp, startTestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => (t = await startTestApp()));
afterAll(() => t.close());

const form = {
  companyName: 'Boulangerie Martin',
  companySector: 'Boulangerie',
  companyAddress: '12 rue des Lilas\n75012 Paris',
  companyId: '732 829 320',
  contactFirstName: 'Claire',
  contactLastName: 'Martin',
  contactEmail: 'claire@boulangerie-martin.fr',
  creationOption: 'wordpress',
  selectedTemplate: 'onepage',
  selectedStyle: 'white',
  fontFamily: 'classic',
  primaryColor: '#aa3300',
  secondaryColor: '#003366',
  logoOption: 'ai',
  contentOption: 'client',
  billingPeriod: 'yearly',
  additionalOptions: { seoOptimizations: true, liveTraining: true },
  hostingOptions: {
    hostingType: 'included',
    dnsType: 'new',
    newDomainName: 'boulangerie-martin',
    domainExtension: '.fr',
    maintenanceMonthly: false,
  },
  freeOptions: { contactForm: true, googleMaps: false },
};

async function newOrder(): Promise<string> {
  const { body } = await t.http.post('/api/create-order').send({}).expect(201);
  return body.orderId;
}

describe('POST /api/orders/:id/complete', () => {
  it('validates and prices the order on the server, and asks for the first payment', async () => {
    const orderId = await newOrder();
    const response = await t.http
      .post(`/api/orders/${orderId}/complete`)
      // What the browser says of the status, prices and dates is not the browser's to set.
      .send({
        ...form,
        formCompleted: true,
        currentStep: 8,
        status: 'delivered',
        exportEligibleAt: '2000-01-01',
        supportEnabled: false,
        totalAmount: 1,
      })
      .expect(200);
    // Site Vitrine 348 € + SEO 249 € + domain .fr 15 € per year, + AI logo 99 € and the live training
    // 270 € once = 981 € HT, 1 177,20 € TTC. The order's own amounts follow the price's names: HT, then TTC.
    expect(response.body.order).toMatchObject({
      totalAmount: 98_100,
      totalWithVat: 117_720,
      id: orderId,
      status: 'contract_ready_for_signature',
      formCompleted: true,
      currentStep: 8,
      supportEnabled: true,
      exportEligibleAt: null,
      companyName: 'Boulangerie Martin',
      price: { billingPeriod: 'yearly', totalAmount: 98_100, totalWithVat: 117_720, depositWithVat: 58_860 },
    });
    expect(response.headers['x-event-position']).toBe(String(response.body.position));

    const events = await t.orderEvents(orderId);
    expect(events.map((e) => e.type)).toEqual(['OrderDraftCreated', 'WizardStepSaved', 'OrderFormCompleted']);
    const read = await t.http
      .get(`/api/orders/${orderId}`)
      .set('X-Min-Position', String(response.body.position))
      .expect(200);
    expect(read.body).toMatchObject({
      status: 'contract_ready_for_signature',
      totalAmount: 98_100,
      totalWithVat: 117_720,
      price: { totalWithVat: 117_720 },
    });
  });

  it('sets the export date a year ahead on the calendar for monthly billing', async () => {
    const orderId = await newOrder();
    const before = new Date().toISOString();
    const { body } = await t.http
      .post(`/api/orders/${orderId}/complete`)
      .send({ ...form, billingPeriod: 'monthly' })
      .expect(200);
    const after = new Date().toISOString();
    const eligible = Date.parse(body.order.exportEligibleAt);
    expect(eligible).toBeGreaterThanOrEqual(Date.parse(addCalendarYears(before, 1)));
    expect(eligible).toBeLessThanOrEqual(Date.parse(addCalendarYears(after, 1)));
    // What is made once is paid at the start: the launch fee (79 €), the AI logo (99 €) and the live
    // training (270 €), all HT.
    expect(body.order.price).toMatchObject({ billingPeriod: 'monthly', setupFeesAmount: 44_800 });
  });

  it('appends nothing when completed again unchanged', async () => {
    const orderId = await newOrder();
    await t.http.post(`/api/orders/${orderId}/complete`).send(form).expect(200);
    const again = await t.http.post(`/api/orders/${orderId}/complete`).send(form).expect(200);
    expect(again.body.position).toBeNull();
    expect(await t.orderEvents(orderId)).toHaveLength(3);
  });

  it.each([
    ['companyName', { companyName: '' }, "Le nom de l'entreprise est requis"],
    ['companySector', { companySector: '  ' }, "Le secteur d'activité est requis"],
    ['contactFirstName', { contactFirstName: '' }, 'Le prénom est requis'],
    ['contactLastName', { contactLastName: '' }, 'Le nom est requis'],
    ['contactEmail', { contactEmail: 'claire@martin' }, 'Email invalide'],
    ['contactPhone', { contactPhone: 'abc' }, 'Numéro de téléphone invalide'],
    [
      'companyAddress',
      { companyAddress: '' },
      "L'adresse postale de l'entreprise est requise : elle figure sur vos factures",
    ],
    [
      'companyAddress',
      { companyAddress: 'Lyon' },
      'Indiquez le numéro et la rue, puis le code postal et la ville (ex. : 12 rue des Lilas, 75012 Paris)',
    ],
    ['companyId', { companyId: '12345' }, 'Le SIREN compte 9 chiffres et le SIRET 14 : vous en avez saisi 5'],
    [
      'companyId',
      { companyId: '732 829 320 00075' },
      "Ce SIRET n'existe pas : un chiffre est probablement mal saisi (sa clé de contrôle ne correspond pas)",
    ],
    ['inspirationUrl', { inspirationUrl: 'pas une adresse' }, 'URL invalide'],
  ])(
    'refuses a bad %s with its French message before anything is decided',
    async (field, override, message) => {
      const orderId = await newOrder();
      const response = await t.http
        .post(`/api/orders/${orderId}/complete`)
        .send({ ...form, ...override })
        .expect(400);
      expect(response.body).toMatchObject({ code: 'REQUEST.INVALID', fields: { [field]: message } });
      expect(await t.orderEvents(orderId)).toHaveLength(1);
    },
  );

  it.each([
    [
      'additionalOptions.ecommercePro',
      { additionalOptions: { ecommercePro: true } },
      'Option réservée aux sites e-commerce',
    ],
    [
      'billingPeriod',
      { billingPeriod: 'monthly', hostingOptions: { hostingType: 'autonomous' } },
      'Non disponible avec hébergement autonome',
    ],
  ])(
    'refuses a form whose %s breaks a rule between fields, writing nothing',
    async (field, override, message) => {
      const orderId = await newOrder();
      const response = await t.http
        .post(`/api/orders/${orderId}/complete`)
        .send({ ...form, ...override })
        .expect(400);
      expect(response.body).toMatchObject({ code: 'ORDER.INVALID_FORM', fields: { [field]: message } });
      expect(await t.orderEvents(orderId)).toHaveLength(1);
    },
  );

  it.each([
    ['an unknown template', { selectedTemplate: 'blog' }, 'selectedTemplate'],
    ['an unknown billing period', { billingPeriod: 'weekly' }, 'billingPeriod'],
    ['a colour that is not hex', { primaryColor: 'rouge' }, 'primaryColor'],
    ['a text too long', { clientRemarks: 'x'.repeat(5_001) }, 'clientRemarks'],
  ])('answers 400 for %s before anything is decided', async (_, override, field) => {
    const orderId = await newOrder();
    const response = await t.http
      .post(`/api/orders/${orderId}/complete`)
      .send({ ...form, ...override })
      .expect(400);
    expect(response.body).toMatchObject({ code: 'REQUEST.INVALID', fields: { [field]: expect.any(String) } });
    expect(await t.orderEvents(orderId)).toHaveLength(1);
  });

  it('answers 404 for an unknown order', async () => {
    const response = await t.http
      .post('/api/orders/3f1c6a53-8a1b-4c1d-9e8f-0a1b2c3d4e5f/complete')
      .send(form)
      .expect(404);
    expect(response.body.message).toBe('Commande introuvable');
  });
});

describe('POST /api/orders/:id/form', () => {
  it('saves the form and says so', async () => {
    const orderId = await newOrder();
    const response = await t.http
      .post(`/api/orders/${orderId}/form`)
      .send({ companyName: 'Martin', step: 4 })
      .expect(200);
    expect(response.body).toEqual({
      saved: true,
      position: expect.any(Number),
      message: 'Informations sauvegardées !',
    });
    const [, saved] = await t.orderEvents(orderId);
    expect(saved!.data).toEqual({ changes: { companyName: 'Martin' } }); // the explicit save does not move the step
    await t.http.post(`/api/orders/${orderId}/form`).send({ selectedStyle: 'neon' }).expect(400);
  });
});

describe('POST /api/orders (older landing page)', () => {
  it('creates an order with the business template by default and answers it', async () => {
    const response = await t.http
      .post('/api/orders')
      .send({
        companyName: '',
        companySector: '',
        contactFirstName: '',
        contactLastName: '',
        contactEmail: '',
        status: 'draft',
      })
      .expect(201);
    expect(response.body.order).toMatchObject({
      status: 'pending',
      selectedTemplate: 'business',
      orderNumber: expect.any(Number),
    });
    const [created] = await t.orderEvents(response.body.order.id);
    expect(created).toMatchObject({ type: 'OrderDraftCreated', data: { source: 'legacy' } });
  });

  it('answers 400 for a bad template', async () => {
    const response = await t.http.post('/api/orders').send({ selectedTemplate: 'blog' }).expect(400);
    expect(response.body.fields.selectedTemplate).toEqual(expect.any(String));
  });
});
