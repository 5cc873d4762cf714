/**
 * The labels of the moderation screens (/mod, /mod/log) and their links. The moderation outcomes,
 * empty states and safety notices are in safety.ts (SAFETY); these are the words around them.
 */
import type { ReportKind } from './safety.ts';

export const MODERATION_TEXT = {
  menu: 'Moderation',
  queueTitle: 'Moderation queue',
  logTitle: 'Moderation log',
  logIntro:
    'Every removal by Quad’s moderators, newest first. Who reported or removed something is never shown.',
  queueIntro:
    'Reported items, oldest report first. A removal needs two moderators: one proposes, another confirms.',
  logLink: 'Moderation log',
  signInTitle: 'Sign in to moderate',
  signInBody: 'The moderation queue is for Quad’s moderators.',
  signIn: 'Sign in',
  loadMore: 'Load more',
  retry: 'Try again',
  loadFailed: 'Could not load this list.',
  dismiss: 'Dismiss reports',
  propose: 'Propose removal',
  confirm: 'Confirm removal',
  submitProposal: 'Send proposal',
  cancel: 'Cancel',
  ruleLegend: 'Rule it breaks',
  ruleNote: 'What rule it breaks',
  waiting: 'Waiting for a second moderator',
  maskedNow: 'Hidden from readers until a moderator decides',
  author: (author: string | null) => (author ? `by u/${author}` : 'author unknown'),
  reporters: (count: number) => `${count} ${count === 1 ? 'person' : 'people'} reported it`,
  proposal: (ruleText: string, mine: boolean) =>
    `${mine ? 'You proposed removal' : 'Removal proposed'}: ${ruleText}`,
  notes: 'Reporters’ words',
  reasons: 'Reasons',
} as const;

/** How the moderation screens name a kind of item. */
export const KIND_LABEL: Record<ReportKind, string> = {
  post: 'Post',
  poll: 'Poll',
  comment: 'Comment',
  room: 'Room',
  user: 'Account',
};
