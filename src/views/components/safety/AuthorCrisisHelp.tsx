/**
 * Crisis help under an item its author reads (`crisisHelp`: it matched the crisis keywords or was
 * reported for self-harm): the campus resources, asked for by the item page's own chart. Nothing shows
 * while they load or when they could not be had.
 */
import { useSelector } from '@xstate/react';
import { useMachines, useScreenActor } from '../../../system/hooks.ts';
import { moderationMachines } from '../../../system/moderation.ts';
import { CrisisResources } from './CrisisResources.tsx';

export function AuthorCrisisHelp() {
  const { crisisResources } = useMachines(moderationMachines);
  const actor = useScreenActor(crisisResources);
  const resources = useSelector(actor, (s) => (s.matches('shown') ? s.context.resources : []));
  return resources.length > 0 ? <CrisisResources resources={resources} /> : null;
}
