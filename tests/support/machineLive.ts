/**
 * The live stream as the screen charts' tests see it: a `watchLive` that records what the chart
 * watches while it runs (`ExecuteOptions.system` shows it), in place of the events actor.
 */
import { type EventObject, fromCallback } from 'xstate';
import { type Watch, watchParam } from '../../src/domain/live.ts';

export function watchRecorder() {
  const watching: Watch[] = [];
  const watchLive = fromCallback<EventObject, { watch: Watch }>(({ input }) => {
    watching.push(input.watch);
    return () => {
      watching.splice(watching.indexOf(input.watch), 1);
    };
  });
  /** What is watched now, as the stream's `watch` parameter. */
  const watched = () => ({ watching: watching.map(watchParam) });
  return { watchLive, watched };
}
