/**
 * The ⋯ menu entries of safety for what someone else posted: Report (report.machine.ts), Block
 * u/{name} (block.machine.ts) and Hide (hideItem.machine.ts), each with its chart in the app's system
 * and its dialog while it asks. Each chart starts when its entry is first chosen. Signed-out readers get none (reporting, blocking and hiding need an
 * account), and nobody gets them on their own things.
 */
import { useSelector } from '@xstate/react';
import { type ReactNode, Suspense } from 'react';
import type { AnyActorRef } from 'xstate';
import { type HideKind, type ReportKind, SAFETY } from '../../../domain/safety.ts';
import { useMachines, useScreenActorOnDemand } from '../../../system/hooks.ts';
import { safetyMachines } from '../../../system/safety.ts';
import { lazyNamed } from '../../app/lazyNamed.ts';
import type { MenuItem } from '../CardMenu.tsx';
import { useViewer } from '../CardParts.tsx';

// The dialogs (Radix Dialog under them) load when first asked for, not with the feed.
const ReportDialog = lazyNamed(() => import('./ReportDialog.tsx'), 'ReportDialog');
const ConfirmDialog = lazyNamed(() => import('../ConfirmDialog.tsx'), 'ConfirmDialog');

export const useSafetyMachines = () => useMachines(safetyMachines);

/** A menu entry and the dialog it opens (null while closed). */
export interface SafetyAction {
  item: MenuItem;
  dialog: ReactNode;
}

/**
 * Whether safety entries are offered: someone is signed in and `author` (a username, with the account
 * id when known) is someone else.
 */
export function useOffersSafety(author: string | null, authorId: string | null = null): boolean {
  const viewer = useViewer();
  if (viewer === null || author === null) return false;
  return authorId !== null ? viewer.userID !== authorId : viewer.username !== author;
}

/** Report: the dialog with the reasons, then the server's thanks (or crisis help). */
export function useReport(target: { kind: ReportKind; id: string; label: string }): SafetyAction {
  const { report } = useSafetyMachines();
  const { actor, ensure } = useScreenActorOnDemand(report, { input: target });
  const open = useSelector(actor, (s) => s?.hasTag('open') ?? false);
  return {
    item: { label: 'Report', onSelect: () => ensure().send({ type: 'report.open' }) },
    dialog:
      open && actor ? (
        <Suspense fallback={null}>
          <ReportDialog actor={actor} />
        </Suspense>
      ) : null,
  };
}

/**
 * Block u/{username}: asks first; once blocked, `owner` (the list or thread showing their things) drops
 * them and a page of theirs is left for `leaveTo`.
 */
export function useBlock(
  username: string,
  owner: AnyActorRef | null = null,
  leaveTo: string | null = null,
): SafetyAction {
  const { block } = useSafetyMachines();
  const { actor, ensure } = useScreenActorOnDemand(block, { input: { username, owner, leaveTo } });
  const confirming = useSelector(actor, (s) => s?.hasTag('confirming') ?? false);
  const busy = useSelector(actor, (s) => s?.hasTag('busy') ?? false);
  return {
    item: {
      label: `Block u/${username}`,
      danger: true,
      onSelect: () => ensure().send({ type: 'block.request' }),
    },
    dialog:
      confirming && actor ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={SAFETY.blockTitle(username)}
            message={SAFETY.blockConfirm}
            busy={busy}
            onCancel={() => actor.send({ type: 'block.cancel' })}
            onConfirm={() => actor.send({ type: 'block.confirm' })}
          />
        </Suspense>
      ) : null,
  };
}

/** Hide: the card draws nothing while `hidden`; the toast's Undo brings it back. */
export function useHide(kind: HideKind, id: string): { item: MenuItem; hidden: boolean } {
  const { hideItem } = useSafetyMachines();
  const { actor, ensure } = useScreenActorOnDemand(hideItem, { input: { kind, id } });
  const hidden = useSelector(actor, (s) => s?.hasTag('hidden') ?? false);
  return { item: { label: 'Hide', onSelect: () => ensure().send({ type: 'hide.request' }) }, hidden };
}

/**
 * The safety entries of a post or poll card: Report, Hide (in lists, not on the item's own page) and
 * Block its author. `hidden` is true while the card is hidden from this reader's feeds.
 */
export function useCardSafety(card: {
  kind: HideKind;
  id: string;
  title: string;
  author: string;
  authorId: string;
  list: AnyActorRef | null;
  detail: boolean;
  leaveTo: string | null;
}) {
  const offered = useOffersSafety(card.author, card.authorId);
  const report = useReport({ kind: card.kind, id: card.id, label: card.title });
  const hide = useHide(card.kind, card.id);
  // On the item's own page the page is theirs: it is left once they are blocked.
  const block = useBlock(card.author, card.list, card.detail ? (card.leaveTo ?? '/') : null);
  const items = offered ? [report.item, ...(card.detail ? [] : [hide.item]), block.item] : [];
  const dialogs = (
    <>
      {report.dialog}
      {block.dialog}
    </>
  );
  return { items, dialogs, hidden: hide.hidden };
}

/** The first words of a comment, naming it in the report dialog. */
const COMMENT_LABEL_WORDS = 12;

/** Report and Block its author, for someone else's comment; blocking folds their comments in `thread`. */
export function useCommentSafety(
  comment: {
    id: string;
    body: string;
    deleted: boolean;
    userId: string | null;
    user: { username: string } | null;
  },
  thread: AnyActorRef,
) {
  const author = comment.deleted ? null : (comment.user?.username ?? null);
  const offered = useOffersSafety(author, comment.userId);
  const words = comment.body.split(/\s+/);
  const label =
    words.slice(0, COMMENT_LABEL_WORDS).join(' ') + (words.length > COMMENT_LABEL_WORDS ? '…' : '');
  const report = useReport({ kind: 'comment', id: comment.id, label });
  const block = useBlock(author ?? '', thread);
  const items = offered ? [report.item, block.item] : [];
  const dialogs = (
    <>
      {report.dialog}
      {block.dialog}
    </>
  );
  return { items, dialogs };
}

/** Report and Block on someone else's profile; once blocked, their profile is left for home. */
export function useProfileSafety(username: string) {
  const offered = useOffersSafety(username);
  const report = useReport({ kind: 'user', id: username, label: `u/${username}` });
  const block = useBlock(username, null, '/');
  const items = offered ? [report.item, block.item] : [];
  const dialogs = (
    <>
      {report.dialog}
      {block.dialog}
    </>
  );
  return { items, dialogs };
}
