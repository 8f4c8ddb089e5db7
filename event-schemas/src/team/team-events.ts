import { z } from 'zod';

// The back-office's team (`team`, one stream): who was added, with which role, whose role changed,
// who left and whose sign-in lock was lifted, each with who did it (the metadata's actor), when and
// why. The accounts table keeps the credentials; this stream is the team's audit trail.

export const teamRoles = ['admin', 'auditor'] as const;
const memberId = z.uuid().meta({ description: "The back-office account's id" });
const role = z.enum(teamRoles).meta({ description: 'admin: every action; auditor: reads only' });
const reason = z.string().min(1).max(2000).meta({ description: 'Why, in the words of who did it' });

export const teamEventDefinitions = {
  TeamMemberAdded: {
    schemaVersion: 1,
    emittedBy: 'admin (« Équipe » in the back-office)',
    meaning:
      'A colleague joined the back-office: an account with this name, work address and role, without a password until they choose one through the emailed link.',
    data: z.strictObject({
      memberId,
      name: z.string().min(1).max(100),
      email: z.string().min(3).max(254),
      role,
      reason,
    }),
  },
  TeamMemberRoleChanged: {
    schemaVersion: 1,
    emittedBy: 'admin (« Équipe » in the back-office)',
    meaning: "A member's role changed; their open sessions end so the new role applies at once.",
    data: z.strictObject({ memberId, from: role, to: role, reason }),
  },
  TeamMemberDeactivated: {
    schemaVersion: 1,
    emittedBy: 'admin (« Équipe » in the back-office)',
    meaning:
      'A member left the back-office: their sessions ended at once and the account can no longer sign in.',
    data: z.strictObject({ memberId, reason }),
  },
  TeamMemberUnlocked: {
    schemaVersion: 1,
    emittedBy: 'admin (« Équipe » in the back-office)',
    meaning:
      "A member's sign-in lock on unknown devices (too many failed attempts) was lifted before its end.",
    data: z.strictObject({ memberId }),
  },
} as const;

type Definitions = typeof teamEventDefinitions;
export type TeamEventType = keyof Definitions;
export type TeamEventData<T extends TeamEventType> = z.infer<Definitions[T]['data']>;
export type TeamEvent = {
  [T in TeamEventType]: { readonly type: T; readonly data: TeamEventData<T> };
}[TeamEventType];
export type TeamRole = (typeof teamRoles)[number];
