import { actors, given, orderIn } from '../testing/order-test-kit.js';

describe('the client account link', () => {
  const clientId = '11111111-2222-4333-8444-555555555555';

  it('links the order to its client once; the same link again changes nothing', () => {
    const s = orderIn('contract_ready_for_signature');
    const state = given(s)
      .when({ type: 'LinkOrderToClient', actor: actors.system, clientId })
      .then([{ type: 'OrderLinkedToClient', data: { clientId } }]);
    expect(state.clientId).toBe(clientId);
    s.run({ type: 'LinkOrderToClient', actor: actors.system, clientId });
    given(s).when({ type: 'LinkOrderToClient', actor: actors.system, clientId }).then([]);
  });

  it('never moves an order to another client', () => {
    const s = orderIn('contract_ready_for_signature');
    s.run({ type: 'LinkOrderToClient', actor: actors.system, clientId });
    given(s)
      .when({
        type: 'LinkOrderToClient',
        actor: actors.system,
        clientId: '99999999-2222-4333-8444-555555555555',
      })
      .thenFails('ORDER.ALREADY_LINKED');
  });

  it('is not for visitors or clients to ask', () => {
    given(orderIn('contract_ready_for_signature'))
      .when({ type: 'LinkOrderToClient', actor: actors.client, clientId })
      .thenFails('ORDER.ACTOR_FORBIDDEN');
  });
});
