/**
 * What empty lists say after the spec's own line (which stays word for word): what would fill the list
 * and, where there is one, the next step as a link. Written once here so each list says it the same way.
 */

export interface EmptyHint {
  text: string;
  action?: { label: string; to: string; state?: unknown };
}

type Kind = 'post' | 'poll';
const create = (kind: Kind, state?: unknown) => ({
  label: kind === 'post' ? 'Create a post' : 'Create a poll',
  to: `/create/${kind}`,
  state,
});
const signIn = { label: 'Sign in', to: '/signin' };

export const EMPTY = {
  home: (signedIn: boolean): EmptyHint =>
    signedIn
      ? { text: 'Start the conversation: share something with your college.', action: create('post') }
      : { text: 'Sign in to post, vote and join rooms.', action: signIn },
  popular: {
    text: 'The posts people vote up the most show here.',
    action: { label: 'See the latest posts', to: '/' },
  } satisfies EmptyHint,
  topic: (topic: string, kind: Kind, signedIn: boolean): EmptyHint => ({
    text: `No ${kind}s in q/${topic} yet. Be the first:`,
    action: signedIn ? create(kind) : signIn,
  }),
  room: (room: string, kind: Kind, member: boolean, state: unknown): EmptyHint =>
    member
      ? { text: `No ${kind}s in q/${room} yet. Be the first:`, action: create(kind, state) }
      : { text: `Join q/${room} to post here.` },
  /** The profile owner's own empty tabs; a visitor sees the spec's line alone. */
  ownProfile: {
    overview: { text: 'Your posts and comments show here.', action: create('post') },
    posts: { text: 'Your posts show here.', action: create('post') },
    polls: { text: 'Your polls show here.', action: create('poll') },
    upvoted: {
      text: 'Posts you vote up are kept here.',
      action: { label: 'See popular posts', to: '/popular' },
    },
    commented: {
      text: 'Your comments on posts show here.',
      action: { label: 'See popular posts', to: '/popular' },
    },
  } satisfies Record<string, EmptyHint>,
  notifications: {
    text: 'Votes on your posts and requests to join your rooms show up here.',
  } satisfies EmptyHint,
  /** After 'No rooms found' when nothing at all matched. */
  search: { text: 'Check the spelling, or try part of a name.' } satisfies EmptyHint,
  addMember: {
    text: 'Only people who are not in the room yet are suggested. Try part of their username.',
  } satisfies EmptyHint,
} as const;
