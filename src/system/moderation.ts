/**
 * The moderation machines on the system's API and platform: the queue and the log (/mod, /mod/log),
 * one chart per reported item, and the crisis resources an author is shown under their own item.
 */
import { fromPromise } from 'xstate';
import type { ModerationTarget, ProposalBody } from '../domain/safety.ts';
import { crisisResourcesMachine } from '../machines/crisisResources.machine.ts';
import { moderationItemMachine } from '../machines/moderationItem.machine.ts';
import { type ModerationRecord, moderationListMachine } from '../machines/moderationList.machine.ts';
import { effectsOf } from './effects.ts';
import type { QuadSystem } from './quadSystem.ts';

export function moderationMachines(system: QuadSystem) {
  const { api, platform } = system;
  const { notify, log } = effectsOf(platform);
  const list = (load: (offset: number) => Promise<ModerationRecord[]>) =>
    moderationListMachine.provide({
      actors: { fetchPage: fromPromise(({ input }: { input: { offset: number } }) => load(input.offset)) },
      actions: { log },
    });
  return {
    queue: list((offset) => api.fetchModerationQueue(offset)),
    log: list((offset) => api.fetchModerationLog(offset)),
    item: moderationItemMachine.provide({
      actors: {
        dismiss: fromPromise<unknown, ModerationTarget>(({ input }) => api.dismissReports(input)),
        propose: fromPromise<unknown, ProposalBody>(({ input }) => api.proposeRemoval(input)),
        confirm: fromPromise<unknown, ModerationTarget>(({ input }) => api.confirmRemoval(input)),
      },
      actions: { notify },
    }),
    crisisResources: crisisResourcesMachine.provide({
      actors: { fetchResources: fromPromise(() => api.fetchCrisisResources()) },
      actions: { log },
    }),
  };
}

export type ModerationMachines = ReturnType<typeof moderationMachines>;
