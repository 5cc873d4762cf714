/**
 * The profile-picture menu of the top bar (spec §2 Layout): welcome line, Profile, Settings, About,
 * Logout. The menu (Radix DropdownMenu, AccountMenuPopup.tsx) loads at the first sign of intent on the
 * picture (onDemand.ts).
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { useSessionActor } from '../../system/hooks.ts';
import { Avatar } from '../components/Avatar.tsx';
import { onDemand, useOnDemand } from '../components/onDemand.ts';
import { focusRing } from '../components/ui.ts';
import { theme } from '../theme.ts';

export const accountMenuButton = css`
  display: flex;
  padding: 2px;
  border: 2px solid transparent;
  border-radius: 50%;
  background: transparent;
  cursor: pointer;
  ${focusRing};
  &:hover,
  &[aria-expanded='true'] {
    border-color: ${theme.color.brandSoft};
  }
`;

const accountMenuPopup = onDemand(() =>
  import('./AccountMenuPopup.tsx').then((module) => module.AccountMenuPopup),
);

export function AccountMenu() {
  const session = useSessionActor();
  const dp = useSelector(session, (snapshot) => snapshot.context.user?.dp);
  const { part: Popup, triggerProps, start } = useOnDemand(accountMenuPopup);
  if (Popup) return <Popup {...start} />;
  return (
    <button
      type="button"
      aria-label="Account menu"
      aria-haspopup="menu"
      aria-expanded={false}
      css={accountMenuButton}
      {...triggerProps}
    >
      <Avatar src={dp} size={36} />
    </button>
  );
}
