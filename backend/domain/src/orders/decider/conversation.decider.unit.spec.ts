import { describeOrderEvent } from '../order-event-description.js';
import { type OrderStatus } from '../order-status.js';
import { type Scenario, actors, given, minutesLater, orderIn } from '../testing/order-test-kit.js';
import { CONVERSATION_LIMITS, attachmentNamesOf, conversationOf, unreadFor } from './conversation.decider.js';

const MESSAGE_ID = '0f6b9c1e-2d3a-4b5c-8d7e-9f0a1b2c3d4e';
const FILE_ID = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';
const CLIENT_ID = '7c6d5e4f-3a2b-4c1d-9e8f-0a1b2c3d4e5f';

/** An order of the client's (the onboarding linked it), in `status`. */
function clientOrder(status: OrderStatus = 'brief_pending'): Scenario {
  const s = orderIn(status);
  s.run({ type: 'LinkOrderToClient', actor: actors.system, clientId: CLIENT_ID });
  return s;
}

const attachment = (size = 2048, name = 'logo été.png') => ({
  fileId: FILE_ID,
  originalName: name,
  storedName: `${FILE_ID}.png`,
  size,
  mimeType: 'image/png',
  kind: 'image' as const,
});

const post = (text: string, extra: Partial<{ attachments: ReturnType<typeof attachment>[] }> = {}) => ({
  type: 'PostMessage' as const,
  messageId: MESSAGE_ID,
  channel: 'messages' as const,
  text,
  attachments: [],
  ...extra,
});

describe('the conversation of an order', () => {
  it('numbers each message, names its side, trims its text and keeps the attachments with their names apart', () => {
    const s = clientOrder();
    s.run({ ...post('Bonjour'), actor: actors.client });
    const state = given(s)
      .when({ ...post('  Voici le logo  ', { attachments: [attachment()] }), actor: actors.client })
      .then([
        {
          type: 'MessagePosted',
          data: {
            messageId: MESSAGE_ID,
            seq: 2,
            author: 'client',
            channel: 'messages',
            text: 'Voici le logo',
            attachments: [
              {
                fileId: FILE_ID,
                storedName: `${FILE_ID}.png`,
                size: 2048,
                mimeType: 'image/png',
                kind: 'image',
              },
            ],
            attachmentNames: 'logo été.png',
          },
        },
      ]);
    expect(conversationOf(state)).toEqual({
      messages: 2,
      readUpTo: { client: 2, team: 0 },
      attachmentBytes: 2048,
    });
    expect(unreadFor(conversationOf(state), 'team')).toBe(2);
    expect(unreadFor(conversationOf(state), 'client')).toBe(0);
  });

  it("is the team's side for an admin, and a message moves the order's last activity; a read receipt does not", () => {
    const s = clientOrder();
    const state = given(s)
      .when({ ...post('Bien reçu'), actor: actors.admin, now: minutesLater(500) })
      .then([
        {
          type: 'MessagePosted',
          data: {
            messageId: MESSAGE_ID,
            seq: 1,
            author: 'team',
            channel: 'messages',
            text: 'Bien reçu',
            attachments: [],
            attachmentNames: '',
          },
        },
      ]);
    expect(state.lastActivityAt).toBe(minutesLater(500));
    s.run({ ...post('Bien reçu'), actor: actors.admin, now: minutesLater(500) });
    const read = given(s)
      .when({ type: 'MarkMessagesRead', upTo: 1, actor: actors.client, now: minutesLater(900) })
      .then([{ type: 'MessagesRead', data: { reader: 'client', upTo: 1 } }]);
    expect(read.lastActivityAt).toBe(minutesLater(500));
    expect(unreadFor(conversationOf(read), 'client')).toBe(0);
  });

  it.each(['contract_signed', 'in_progress', 'delivered', 'cancelled'] as const)(
    'is open in %s once the order is a client’s',
    (status) => {
      expect(
        given(clientOrder(status))
          .when({ ...post('Une question'), actor: actors.client })
          .events(),
      ).toHaveLength(1);
    },
  );

  it('is closed before the order has a client, whoever writes', () => {
    for (const actor of [actors.client, actors.admin])
      given(orderIn('contract_ready_for_signature'))
        .when({ ...post('Bonjour'), actor })
        .thenFails('ORDER.CONVERSATION_CLOSED', /premier paiement/);
  });

  it('is refused to auditors, visitors, the provider and the system', () => {
    for (const actor of [actors.auditor, actors.visitor, actors.provider, actors.system]) {
      given(clientOrder())
        .when({ ...post('Bonjour'), actor })
        .thenFails('ORDER.ACTOR_FORBIDDEN');
      given(clientOrder())
        .when({ type: 'MarkMessagesRead', upTo: 1, actor })
        .thenFails('ORDER.ACTOR_FORBIDDEN');
    }
  });

  it('refuses an empty message, a text too long, too many or too large files, in French, naming the field', () => {
    const when = (command: ReturnType<typeof post>) =>
      given(clientOrder()).when({ ...command, actor: actors.client });
    expect(
      when(post('   ')).thenFails('ORDER.INVALID_INPUT', 'Écrivez un message ou joignez un fichier.').fields,
    ).toEqual({ text: 'Écrivez un message ou joignez un fichier.' });
    when(post('x'.repeat(CONVERSATION_LIMITS.maxTextLength + 1))).thenFails(
      'ORDER.INVALID_INPUT',
      /5000 caractères/,
    );
    when(post('', { attachments: Array.from({ length: 6 }, () => attachment()) })).thenFails(
      'ORDER.INVALID_INPUT',
      /au plus 5 fichiers/,
    );
    when(post('', { attachments: [attachment(CONVERSATION_LIMITS.maxAttachmentBytes + 1)] })).thenFails(
      'ORDER.INVALID_INPUT',
      /10 Mo/,
    );
    // A message of files alone is a message.
    expect(when(post('', { attachments: [attachment()] })).events()).toHaveLength(1);
  });

  it('keeps the attachments of the whole conversation within 100 Mo', () => {
    const s = clientOrder();
    const big = attachment(CONVERSATION_LIMITS.maxAttachmentBytes);
    for (let i = 0; i < 2; i++)
      s.run({ ...post('', { attachments: Array.from({ length: 5 }, () => big) }), actor: actors.client });
    given(s)
      .when({ ...post('', { attachments: [attachment(1)] }), actor: actors.admin })
      .thenFails('ORDER.STORAGE_FULL', /100 Mo au total/);
  });

  it('takes a support ticket from the client only', () => {
    expect(
      given(clientOrder())
        .when({ ...post('Mon site ne s’affiche pas'), channel: 'support', actor: actors.client })
        .events()[0],
    ).toMatchObject({ data: { channel: 'support', author: 'client' } });
    given(clientOrder())
      .when({ ...post('Ticket'), channel: 'support', actor: actors.admin })
      .thenFails('ORDER.INVALID_INPUT', /Seul le client/);
  });

  describe('read receipts', () => {
    const withTeamMessages = () => {
      const s = clientOrder();
      s.run({ ...post('Question'), actor: actors.client });
      s.run({ ...post('Réponse 1'), actor: actors.admin });
      s.run({ ...post('Réponse 2'), actor: actors.admin });
      return s;
    };

    it('counts unread messages on each side: what the other side wrote after its read mark', () => {
      const s = withTeamMessages();
      expect(unreadFor(conversationOf(s.state), 'client')).toBe(2);
      expect(unreadFor(conversationOf(s.state), 'team')).toBe(0);
      const state = given(s)
        .when({ type: 'MarkMessagesRead', upTo: 2, actor: actors.client })
        .then([{ type: 'MessagesRead', data: { reader: 'client', upTo: 2 } }]);
      expect(unreadFor(conversationOf(state), 'client')).toBe(1);
    });

    it('appends nothing when the reader had already read that far (its own messages included)', () => {
      const s = withTeamMessages();
      given(s).when({ type: 'MarkMessagesRead', upTo: 3, actor: actors.admin }).then([]);
      s.run({ type: 'MarkMessagesRead', upTo: 3, actor: actors.client });
      given(s).when({ type: 'MarkMessagesRead', upTo: 2, actor: actors.client }).then([]);
    });

    it('refuses a mark past the last message, or below the first', () => {
      for (const upTo of [0, 4, 1.5])
        given(withTeamMessages())
          .when({ type: 'MarkMessagesRead', upTo, actor: actors.client })
          .thenFails('ORDER.INVALID_INPUT', /n'existe pas/);
    });
  });

  it('reads in the history without what was written, and its attachments’ names erased as one field', () => {
    const event = {
      type: 'MessagePosted',
      data: {
        messageId: MESSAGE_ID,
        seq: 4,
        author: 'team',
        channel: 'messages',
        text: 'Voici la maquette',
        attachments: [attachment(), attachment()].map(({ originalName: _name, ...file }) => file),
        attachmentNames: 'a.png\nb.png',
      },
    } as const;
    expect(describeOrderEvent(event)).toBe("Message de l'équipe n° 4 avec 2 pièces jointes");
    expect(describeOrderEvent({ type: 'MessagesRead', data: { reader: 'client', upTo: 4 } })).toBe(
      "Messages lus par le client jusqu'au n° 4",
    );
    expect(attachmentNamesOf(event.data)).toEqual(['a.png', 'b.png']);
    expect(attachmentNamesOf({ ...event.data, attachmentNames: 'données effacées' })).toEqual([
      'données effacées',
      'données effacées',
    ]);
  });
});
