import { paymentNext } from './payment-success-texts';

describe('« La suite » after a payment', () => {
  it('tells a new client to expect the email that sets their password', () => {
    expect(paymentNext('deposit', false)).toMatch(/recevoir un email pour choisir votre mot de passe/);
  });

  it('never tells a signed-in client placing another order to expect a set-password email', () => {
    for (const kind of ['deposit', 'setup_fee', 'monthly_first'] as const) {
      expect(paymentNext(kind, true)).not.toMatch(/mot de passe/);
      expect(paymentNext(kind, true)).toMatch(/rejoint votre espace client/);
    }
  });

  it('says the monthly subscription starts with the first month, not at delivery', () => {
    for (const signedIn of [false, true])
      expect(paymentNext('setup_fee', signedIn)).toMatch(/démarrera avec le paiement du premier mois/);
  });
});
