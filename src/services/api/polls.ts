/** Reading, voting and deleting polls (spec §7 Polls; docs/api.md). Creating lives in create.ts. */
import type { z } from 'zod';
import type { Topic } from '../../domain/constants.ts';
import type { msgSchema, Poll, pollResponses } from '../../domain/entities.ts';
import { request } from '../http.ts';

type Responses = { [K in keyof typeof pollResponses]: z.infer<(typeof pollResponses)[K]> };

/** `poll/getallpolls ?offset&limit`: the home feed's polls, newest first. */
export const fetchHomePolls = ({ offset, limit }: { offset: number; limit: number }): Promise<Poll[]> =>
  request((http) => http.get<Responses['polls']>('poll/getallpolls', { params: { offset, limit } })).then(
    (r) => r.polls,
  );

/** `poll/q/hottopicspoll ?offset&limit&topic`. */
export const fetchTopicPolls = ({ topic, offset, limit }: { topic: Topic; offset: number; limit: number }) =>
  request((http) =>
    http.get<Responses['polls']>('poll/q/hottopicspoll', { params: { offset, limit, topic } }),
  ).then((r) => r.polls);

/** `poll/getpoll ?id`. */
export const fetchPoll = (id: string): Promise<Poll> =>
  request((http) => http.get<Responses['poll']>('poll/getpoll', { params: { id } })).then((r) => r.poll);

/** `poll/getpollRoom ?id`: whether the viewer may see the poll. */
export const fetchPollAccess = (id: string): Promise<boolean> =>
  request((http) => http.get<Responses['access']>('poll/getpollRoom', { params: { id } })).then(
    (r) => r.fetch,
  );

/** `poll/votepoll {pollOptionId}`: answers the poll after the vote (a new option moves the vote). */
export const votePoll = (pollOptionId: string): Promise<Poll> =>
  request((http) => http.post<Responses['vote']>('poll/votepoll', { pollOptionId })).then((r) => r.poll);

/** `poll/deletepoll ?id`: 202 on success. */
export const deletePoll = (id: string) =>
  request((http) => http.delete<z.infer<typeof msgSchema>>('poll/deletepoll', { params: { id } }));
