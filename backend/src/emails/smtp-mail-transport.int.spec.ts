import { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { renderEmail } from './email-templates.js';
import { DEFAULT_MAIL_FROM, SmtpMailTransport, describeSmtpServer } from './smtp-mail-transport.js';
import { parseRawEmail } from './testing/parse-raw-email.js';
import { emailSamples } from './testing/email-samples.js';

// A real SMTP server on loopback, with a login, as a provider would have (without TLS: it is local).
interface Received {
  readonly from: string;
  readonly to: string[];
  readonly user: string | undefined;
  readonly raw: string;
}
let server: SMTPServer;
let port: number;
const received: Received[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    disableReverseLookup: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'coseso' && auth.password === 'p@ss:wörd')
        callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const url = () => `smtp://coseso:${encodeURIComponent('p@ss:wörd')}@127.0.0.1:${port}`;

describe('the SMTP mail transport', () => {
  it('delivers the subject, the recipient and both parts, logged in', async () => {
    const transport = new SmtpMailTransport({ url: url() });
    const email = renderEmail('payment-receipt', emailSamples['payment-receipt'], {
      publicUrl: 'https://app.coseso.fr',
    });
    const { messageId } = await transport.send({
      to: 'claire@boulangerie-martin.fr',
      ...email,
      template: 'payment-receipt',
    });
    await transport.close();

    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message!.user).toBe('coseso');
    expect(message!.from).toBe('contact@coseso.fr');
    expect(message!.to).toEqual(['claire@boulangerie-martin.fr']);
    const parsed = parseRawEmail(message!.raw);
    expect(parsed.headers.get('subject')).toBe('Paiement reçu : acompte de 50 % – commande #1042');
    expect(parsed.headers.get('from')).toBe(DEFAULT_MAIL_FROM);
    expect(parsed.headers.get('to')).toBe('claire@boulangerie-martin.fr');
    expect(parsed.headers.get('x-coseso-template')).toBe('payment-receipt');
    expect(parsed.headers.get('message-id')).toBe(messageId);
    expect(parsed.text).toContain('1\u00a0234,56\u00a0€\u00a0TTC');
    expect(parsed.text!.trim()).toBe(email.text.trim());
    expect(parsed.html!.trim()).toBe(email.html.trim());
    expect(parsed.html).toContain('1\u00a0234,56\u00a0€\u00a0TTC');
  });

  it('uses the configured sender', async () => {
    const transport = new SmtpMailTransport({ url: url(), from: 'Équipe Coseso <bonjour@coseso.fr>' });
    await transport.send({ to: 'a@b.fr', subject: 'S', html: '<p>h</p>', text: 't', template: 'test-email' });
    await transport.close();
    expect(received.at(-1)!.from).toBe('bonjour@coseso.fr');
    expect(parseRawEmail(received.at(-1)!.raw).headers.get('from')).toBe('Équipe Coseso <bonjour@coseso.fr>');
  });

  it('fails, rather than hangs, when the server refuses the login or is away', async () => {
    const refused = new SmtpMailTransport({ url: `smtp://coseso:wrong@127.0.0.1:${port}` });
    await expect(
      refused.send({ to: 'a@b.fr', subject: 'S', html: 'h', text: 't', template: 'test-email' }),
    ).rejects.toThrow(/Invalid username or password/);
    await refused.close();
    const away = new SmtpMailTransport({ url: 'smtp://127.0.0.1:9', timeoutMs: 1_000 });
    await expect(
      away.send({ to: 'a@b.fr', subject: 'S', html: 'h', text: 't', template: 'test-email' }),
    ).rejects.toThrow();
    await away.close();
  });

  it('describes its server without the credentials', () => {
    expect(describeSmtpServer('smtp://user:secret@smtp.example.com:587')).toBe('smtp.example.com:587');
    expect(describeSmtpServer('smtps://user:secret@smtp.example.com')).toBe('smtp.example.com:465');
    expect(describeSmtpServer('smtp://smtp.example.com')).toBe('smtp.example.com:587');
  });
});
