import { actors, given, orderIn } from '../testing/order-test-kit.js';

describe('delivery', () => {
  it('delivers at the site URL, normalised, and is final', () => {
    const state = given(orderIn('ready_for_delivery'))
      .when({ type: 'FinalizeDelivery', actor: actors.admin, siteUrl: 'www.boulangerie-martin.fr' })
      .then([{ type: 'Delivered', data: { siteUrl: 'https://www.boulangerie-martin.fr/' } }]);
    expect(state).toMatchObject({
      status: 'delivered',
      delivery: { siteUrl: 'https://www.boulangerie-martin.fr/' },
    });
    given(orderIn('ready_for_delivery'))
      .when({ type: 'FinalizeDelivery', actor: actors.admin, siteUrl: '' })
      .thenFails('ORDER.INVALID_INPUT', "L'URL du site livré est requise pour finaliser la livraison");
  });
});
