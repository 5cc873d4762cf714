/**
 * What every comment view of one thread reaches: the thread actor, the comment box chart, the post, its
 * room (null for topic posts) and whether the reader has joined it (true for topic posts).
 */
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { RoomRef } from '../../../domain/entities.ts';
import type { commentComposerMachine } from '../../../machines/commentComposer.machine.ts';
import type { commentThreadMachine } from '../../../machines/commentThread.machine.ts';

export interface CommentMachinesValue {
  postId: string;
  thread: ActorRefFrom<typeof commentThreadMachine>;
  composer: typeof commentComposerMachine;
  room: RoomRef | null;
  roomMember: boolean;
}

export const CommentMachinesContext = createContext<CommentMachinesValue | null>(null);

export function useCommentMachines(): CommentMachinesValue {
  const value = useContext(CommentMachinesContext);
  if (!value) throw new Error('CommentThread is missing above this comment view');
  return value;
}
