#!/usr/bin/env node
// A named back-office account: an admin, or a read-only auditor. The password is never
// an argument (it would stay in the shell history): it is typed, hidden, or piped on stdin.
import { clientFormRules, isBlankPassword } from '@coseso/domain/clients/client-form-rules';
import { AdminAccounts, type AdminRole } from '@coseso/backend/auth/admin-accounts';
import { TeamCommandRunner, teamEventsOfCommand } from '@coseso/backend/admin/team/team-command-runner';
import { TEAM_STREAM } from '@coseso/domain/events/event-reader';
import { randomUUID } from 'node:crypto';
import { ADMIN_PASSWORD_MIN_LENGTH } from '@coseso/backend/config/app-config';
import { Command, InvalidArgumentError, Option } from 'commander';
import { isValidEmail, normalizeEmailAddress } from '@coseso/domain/shared/email-address';
import { openCliContext, runCli } from './cli-context.js';

/** What the back-office shows of an account made without --name (as it shows one without a name). */
const roleNames: Record<AdminRole, string> = { admin: 'Administrateur', auditor: 'Auditeur' };

const email = (value: string) => {
  if (!isValidEmail(value)) throw new InvalidArgumentError('expected an email address (ASCII only)');
  return normalizeEmailAddress(value);
};

const program = new Command('create-admin')
  .description('Create a back-office account, or give an existing one a new password (--reset-password).')
  .argument('<email>', 'the account email, used to sign in', email)
  .addOption(
    new Option('--role <role>', 'admin: everything; auditor: read-only')
      .choices(['admin', 'auditor'])
      .default('admin'),
  )
  .option('--name <name>', 'the name the back-office shows for this account (its role otherwise)')
  .option(
    '--reason <reason>',
    'why the account is made, as the team stream records it',
    'Compte créé en ligne de commande (npm run create-admin)',
  )
  .option('--reset-password', 'set a new password on an existing account and end its sessions')
  .addHelpText(
    'after',
    `\nThe password (at least ${ADMIN_PASSWORD_MIN_LENGTH} characters) is asked twice, hidden; or piped:\n` +
      `  printf '%s' "$PASSWORD" | npm run create-admin -- marie@agence.fr --name 'Marie Durand' --role auditor`,
  )
  .action(
    (address: string, options: { role: AdminRole; name?: string; reason: string; resetPassword?: boolean }) =>
      runCli(async () => {
        const password = await readPassword();
        if (password.length < ADMIN_PASSWORD_MIN_LENGTH)
          throw new Error(`The password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters.`);
        if (isBlankPassword(password)) throw new Error(clientFormRules.newPassword.blankMessage);
        const ctx = await openCliContext();
        try {
          const accounts = new AdminAccounts(ctx.pool, ctx.config);
          if (options.resetPassword) {
            if (!(await accounts.resetPassword(address, password)))
              throw new Error(`There is no back-office account for ${address}.`);
            console.log(`New password set for ${address}; its open sessions are closed.`);
            return;
          }
          const roster = await accounts.roster();
          if (roster.some((account) => account.email === address))
            throw new Error(`${address} already has an account (to change its password: --reset-password).`);
          // As the back-office's invitation: the team stream records the member (TeamMemberAdded, by
          // the command line), then the accounts table follows it (the app's job finishes it if this
          // process dies in between: the operator then sets the password with --reset-password).
          const memberId = randomUUID();
          const runner = new TeamCommandRunner(ctx.store, ctx.config);
          const commandId = randomUUID();
          await runner.run(
            TEAM_STREAM,
            {
              type: 'AddTeamMember',
              roster,
              memberId,
              name: options.name?.trim() || roleNames[options.role],
              email: address,
              role: options.role,
              reason: options.reason,
            },
            { actor: { kind: 'system', id: 'create-admin' }, commandId },
          );
          for (const { event, position } of await teamEventsOfCommand(ctx.store, commandId))
            await accounts.applyTeamEvent(event, position);
          await accounts.setPassword(memberId, password);
          console.log(`${options.role === 'admin' ? 'Admin' : 'Auditor'} account created for ${address}.`);
        } finally {
          await ctx.close();
        }
      }),
  );

/** Hidden and asked twice on a terminal; otherwise the whole of stdin, without its final newline. */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    return text.replace(/\r?\n$/, '');
  }
  const first = await readHidden('Password: ');
  if ((await readHidden('Password again: ')) !== first) throw new Error('The two passwords differ.');
  return first;
}

function readHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (outcome: () => void) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
      outcome();
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return finish(() => resolve(value));
        if (ch === '\u0003' || ch === '\u0004') return finish(() => reject(new Error('Cancelled.')));
        value = ch === '\u007f' || ch === '\b' ? value.slice(0, -1) : value + ch;
      }
    };
    stdin.on('data', onData);
  });
}

await program.parseAsync();
