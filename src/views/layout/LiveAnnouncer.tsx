/**
 * The polite live region of the top bar (issue 20): a screen reader hears each notification that
 * arrives on the live stream, as the session words it, without moving focus. The region is always in
 * the page, so that what is put in it later is announced; each notification is a new line in it.
 */
import { useSelector } from '@xstate/react';
import { useSessionActor } from '../../system/hooks.ts';
import { visuallyHidden } from '../components/ui.ts';

export function LiveAnnouncer() {
  const announcement = useSelector(useSessionActor(), (snapshot) => snapshot.context.announcement);
  return (
    <div role="status" aria-live="polite" css={visuallyHidden}>
      {announcement ? <span key={announcement.id}>{announcement.text}</span> : null}
    </div>
  );
}
