import { randomUUID } from 'node:crypto';
import { ERASED } from '@coseso/event-schemas/personal-fields';
import { type TestSchema, createTestSchema } from '@coseso/database/testing/postgres-test-schema';
import { allMigrations } from '../infra/database/all-migrations.js';
import { Global, Module, type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { loadConfig } from '../config/app-config.js';
import { APP_CONFIG, PG_POOL } from '../infra/tokens.js';
import { DeliveredOnceTransport } from './delivered-once-transport.js';
import { EmailQueue } from './email-queue.js';
import { InvalidEmailDataError } from './email-templates.js';
import { EmailService } from './email-service.js';
import { EmailsModule } from './emails.module.js';
import { type EmailsModuleOptions } from './emails-options.js';
import { MAIL_TRANSPORT } from './mail-transport.js';
import { emailSamples } from './testing/email-samples.js';
import { until } from '../testing/waits.js';

// The module as the app wires it, with the two infrastructure providers it takes from InfraModule.
let db: TestSchema;
beforeAll(async () => {
  db = await createTestSchema('emails', 4, { migrations: allMigrations });
});
afterAll(() => db.drop());

async function start(options: EmailsModuleOptions, roles = 'api,worker'): Promise<INestApplicationContext> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    DATABASE_SCHEMA: db.schema,
    PUBLIC_URL: 'https://app.coseso.fr',
    PROCESS_ROLES: roles,
  });
  @Global()
  @Module({
    providers: [
      { provide: APP_CONFIG, useValue: config },
      { provide: PG_POOL, useValue: db.pool },
    ],
    exports: [APP_CONFIG, PG_POOL],
  })
  class Infra {}
  const moduleRef = await Test.createTestingModule({
    imports: [Infra, EmailsModule.forRoot(options)],
  }).compile();
  return moduleRef.init();
}

describe('the emails module', () => {
  it('without SMTP_URL, sends into the dev mailbox and lists it for the email-test page', async () => {
    const app = await start({});
    const emails = app.get(EmailService);
    expect(emails.status()).toEqual({
      configured: false,
      mode: 'dev-mailbox',
      message: 'Mode développement : les emails sont enregistrés dans la boîte de test',
    });
    const key = `${randomUUID()}:account-created`;
    await emails.send(
      'account-created',
      'claire@boulangerie-martin.fr',
      emailSamples['account-created'],
      key,
    );
    await emails.send(
      'account-created',
      'claire@boulangerie-martin.fr',
      emailSamples['account-created'],
      key,
    );
    await until(async () => (await emails.mailbox(10)).length === 1);
    const [email] = await emails.mailbox(10);
    expect(email).toMatchObject({
      to: 'claire@boulangerie-martin.fr',
      template: 'account-created',
      subject: 'Bienvenue chez Coseso : choisissez votre mot de passe',
    });
    expect(email!.text).toContain('https://app.coseso.fr/auth/set-password?token=abc123');
    await app.get(EmailQueue).queue.obliterate({ force: true });
    await app.close();
  });

  it('refuses, at the call, data or a recipient that would never make an email', async () => {
    const app = await start({}, 'api');
    const emails = app.get(EmailService);
    await expect(
      emails.send('delivered', 'a@b.fr', { ...emailSamples.delivered, siteUrl: 'javascript:alert(1)' }, 'k1'),
    ).rejects.toThrow(InvalidEmailDataError);
    await expect(emails.send('test-email', 'pas-une-adresse', { sentAt: new Date() }, 'k2')).rejects.toThrow(
      /bad recipient/,
    );
    await app.close();
  });

  it('forgets an erased client: no email to « données effacées », none kept for its address', async () => {
    // An API process: its jobs wait in Redis, where the person's data would stay.
    const app = await start({}, 'api');
    const emails = app.get(EmailService);
    const queue = app.get(EmailQueue).queue;
    const to = `${randomUUID()}@erased.example`;
    await emails.send('account-created', to, emailSamples['account-created'], `${randomUUID()}:a`);
    await emails.send(
      'account-created',
      'other@kept.example',
      emailSamples['account-created'],
      `${randomUUID()}:b`,
    );
    await emails.send('account-created', ERASED, emailSamples['account-created'], `${randomUUID()}:c`);
    const recipients = async () => (await queue.getJobs(['waiting'])).map((job) => job.data.to);
    expect((await recipients()).filter((r) => r === to || r === ERASED)).toEqual([to]);

    expect(await emails.forgetRecipient(to.toUpperCase())).toMatchObject({ jobs: 1 });
    expect(await recipients()).not.toContain(to);
    expect(await recipients()).toContain('other@kept.example');
    await app.close();
  });

  it('forgets, for one order’s contact, the jobs about that order or about none, not those of its other orders', async () => {
    const app = await start({}, 'api');
    const emails = app.get(EmailService);
    const queue = app.get(EmailQueue).queue;
    const to = `${randomUUID()}@erased.example`;
    const [erasedOrder, otherOrder] = [randomUUID(), randomUUID()];
    const sample = emailSamples['order-confirmation'];
    await emails.send('order-confirmation', to, sample, `${randomUUID()}:a`, { orderId: erasedOrder });
    await emails.send('order-confirmation', to, sample, `${randomUUID()}:b`, { orderId: otherOrder });
    await emails.send('test-email', to, { sentAt: new Date() }, `${randomUUID()}:c`);
    const theirs = async () =>
      (await queue.getJobs(['waiting'])).filter((job) => job.data.to === to).map((job) => job.data.orderId);
    expect((await theirs()).sort()).toEqual([erasedOrder, otherOrder, undefined].sort());

    expect(await emails.forgetRecipient(to, { orderId: erasedOrder })).toMatchObject({ jobs: 2 });
    expect(await theirs()).toEqual([otherOrder]);
    await app.close();
  });

  it('with SMTP_URL, sends through the delivery log and says where without showing the credentials', async () => {
    const app = await start({ smtpUrl: 'smtp://user:secret@smtp.example.com:587' }, 'api');
    const emails = app.get(EmailService);
    expect(emails.status()).toEqual({
      configured: true,
      mode: 'smtp',
      message: 'Envoi par SMTP (smtp.example.com:587)',
    });
    // Through the delivery log, so that a job run twice sends once.
    expect(app.get(MAIL_TRANSPORT)).toBeInstanceOf(DeliveredOnceTransport);
    expect(await emails.mailbox(5)).toEqual([]);
    await app.close();
  });
});
