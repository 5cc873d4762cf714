/**
 * The safety machines a reader uses on the system's API and platform: reporting an item, blocking
 * its author, hiding it from one's feeds, and the settings page's list of blocked people.
 */
import { fromPromise } from 'xstate';
import type { HideKind, ReportBody } from '../domain/safety.ts';
import { blockMachine } from '../machines/block.machine.ts';
import { blockedUsersMachine } from '../machines/blockedUsers.machine.ts';
import { hideItemMachine } from '../machines/hideItem.machine.ts';
import { reportMachine } from '../machines/report.machine.ts';
import { effectsOf } from './effects.ts';
import type { QuadSystem } from './quadSystem.ts';

type HideCall = { kind: HideKind; id: string };

export function safetyMachines({ api, platform }: QuadSystem) {
  const { notify, navigate, log } = effectsOf(platform);
  return {
    report: reportMachine.provide({
      actors: { sendReport: fromPromise(({ input }: { input: ReportBody }) => api.sendReport(input)) },
      actions: { notify },
    }),
    block: blockMachine.provide({
      actors: {
        blockUser: fromPromise<unknown, { username: string }>(({ input }) => api.blockUser(input.username)),
      },
      actions: { notify, navigate },
    }),
    hideItem: hideItemMachine.provide({
      actors: {
        hideItem: fromPromise<unknown, HideCall>(({ input }) => api.hideItem(input.kind, input.id)),
        unhideItem: fromPromise<unknown, HideCall>(({ input }) => api.unhideItem(input.kind, input.id)),
      },
      actions: { notify },
    }),
    blockedUsers: blockedUsersMachine.provide({
      actors: {
        loadBlocked: fromPromise(() => api.fetchBlockedUsers()),
        unblockUser: fromPromise<unknown, { username: string }>(({ input }) =>
          api.unblockUser(input.username),
        ),
      },
      actions: { notify, log },
    }),
  };
}

export type SafetyMachines = ReturnType<typeof safetyMachines>;
