/**
 * The moderation machines on the system's API and platform: the queue, the appeals and the log (/mod,
 * /mod/log), one chart per reported item and per appeal, the author's appeal form (it tells the
 * session which removal notice is appealed now), and the crisis resources an author is shown under
 * their own item.
 */
import { fromPromise } from 'xstate';
import type { AppealBody, AppealDecision } from '../domain/appealSchemas.ts';
import type { ModerationTarget, ProposalBody } from '../domain/safety.ts';
import { appealMachine } from '../machines/appeal.machine.ts';
import { appealDecisionMachine } from '../machines/appealDecision.machine.ts';
import { crisisResourcesMachine } from '../machines/crisisResources.machine.ts';
import { moderationItemMachine } from '../machines/moderationItem.machine.ts';
import { type ModerationRecord, moderationListMachine } from '../machines/moderationList.machine.ts';
import { effectsOf, tell } from './effects.ts';
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
    appeals: list((offset) => api.fetchAppeals(offset)),
    appealDecision: appealDecisionMachine.provide({
      actors: {
        decideAppeal: fromPromise(({ input }: { input: AppealDecision }) => api.decideAppeal(input)),
      },
      actions: { notify },
    }),
    appeal: appealMachine.provide({
      actors: { sendAppeal: fromPromise<unknown, AppealBody>(({ input }) => api.sendAppeal(input)) },
      actions: {
        notify,
        appealed: ({ system: actors }, { kind, id }) =>
          tell(actors, 'session', { type: 'notification.appealed', kind, id }),
      },
    }),
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
