/**
 * Editing on the system's API and platform (editItem.machine.ts): each kind's call, its answer read
 * as the text the item now shows and when it was edited.
 */
import { fromPromise } from 'xstate';
import type { EditCall, EditSaved } from '../machines/editItem.machine.ts';
import { editItemMachine } from '../machines/editItem.machine.ts';
import { effectsOf } from './effects.ts';
import type { QuadSystem } from './quadSystem.ts';

export function editMachines({ api, platform }: QuadSystem) {
  const { notify } = effectsOf(platform);
  const save = async ({ kind, id, text }: EditCall): Promise<EditSaved> => {
    if (kind === 'poll') {
      const poll = await api.editPoll(id, text);
      return { text: poll.title, editedAt: poll.editedAt };
    }
    const item = kind === 'post' ? await api.editPost(id, text) : await api.editComment(id, text);
    return { text: item.body, editedAt: item.editedAt };
  };
  return {
    editItem: editItemMachine.provide({
      actors: { saveEdit: fromPromise<EditSaved, EditCall>(({ input }) => save(input)) },
      actions: { notify },
    }),
  };
}
