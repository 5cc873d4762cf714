/**
 * Edit for the author of a post, poll or comment: the menu entry, what the item shows (its own text,
 * or the one just saved when newer), and the edit box while it is open. The chart starts when Edit
 * is first chosen; the server decides again who may edit.
 */
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { EDITS, type EditKind } from '../../../domain/editText.ts';
import { editMachines } from '../../../system/edits.ts';
import { useMachines, useScreenActorOnDemand } from '../../../system/hooks.ts';
import type { MenuItem } from '../CardMenu.tsx';
import { PencilIcon } from '../feedIcons.tsx';
import { EditBox } from './EditBox.tsx';

export interface EditedText {
  text: string;
  editedAt: string | null;
}

/** The newer of the item as read (its list, its page, the live stream) and the edit saved here. */
export function newerText(read: EditedText, saved: EditedText): EditedText {
  if (saved.editedAt === null) return read;
  return read.editedAt !== null && read.editedAt >= saved.editedAt ? read : saved;
}

export function useEditItem(
  target: { kind: EditKind; id: string } & EditedText,
  author: boolean,
): { items: MenuItem[]; shown: EditedText; box: ReactNode } {
  const { editItem } = useMachines(editMachines);
  const { actor, ensure } = useScreenActorOnDemand(editItem, { input: target });
  const editing = useSelector(actor, (s) => s?.hasTag('editing') ?? false);
  const savedText = useSelector(actor, (s) => s?.context.text ?? target.text);
  const savedAt = useSelector(actor, (s) => s?.context.editedAt ?? null);
  const shown = newerText(
    { text: target.text, editedAt: target.editedAt },
    { text: savedText, editedAt: savedAt },
  );
  const item: MenuItem = {
    label: EDITS.edit,
    icon: <PencilIcon />,
    onSelect: () => ensure().send({ type: 'edit.start', ...shown }),
  };
  return { items: author ? [item] : [], shown, box: editing && actor ? <EditBox actor={actor} /> : null };
}
