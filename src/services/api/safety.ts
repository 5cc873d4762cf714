/** Trust and safety (docs/moderation.md, docs/api.md "Safety"): reports, moderation, blocks and hides. */
import type { z } from 'zod';
import type { msgSchema } from '../../domain/entities.ts';
import {
  type HideKind,
  MODERATION_PAGE,
  type ModerationTarget,
  type ProposalBody,
  type ReportBody,
} from '../../domain/safety.ts';
import type { safetyResponses } from '../../domain/safetySchemas.ts';
import { request } from '../http.ts';

type Msg = z.infer<typeof msgSchema>;
type Responses = { [K in keyof typeof safetyResponses]: z.infer<(typeof safetyResponses)[K]> };
export type ReportAnswer = Responses['report'];

/** `POST reports`: 201; sending again for the same item changes the reason. */
export const sendReport = (body: ReportBody) => request((http) => http.post<ReportAnswer>('reports', body));

/** `GET mod/queue ?offset&limit`: reported items, oldest report first (moderators only). */
export const fetchModerationQueue = (offset: number) =>
  request((http) =>
    http.get<Responses['queue']>('mod/queue', { params: { offset, limit: MODERATION_PAGE } }),
  ).then((r) => r.items);

/** `POST mod/dismiss {kind,id}`: the reports go, the item is shown again. */
export const dismissReports = (target: ModerationTarget) =>
  request((http) => http.post<Msg>('mod/dismiss', target));

/** `POST mod/propose {kind,id,rule,note}`: 201; removal waits for a second moderator. */
export const proposeRemoval = (proposal: ProposalBody) =>
  request((http) => http.post<Msg>('mod/propose', proposal));

/** `POST mod/confirm {kind,id}`: the second moderator removes the item (403 for the proposer). */
export const confirmRemoval = (target: ModerationTarget) =>
  request((http) => http.post<Msg>('mod/confirm', target));

/** `GET mod/log ?offset&limit`: every removal, newest first (public). */
export const fetchModerationLog = (offset: number) =>
  request((http) =>
    http.get<Responses['log']>('mod/log', { params: { offset, limit: MODERATION_PAGE } }),
  ).then((r) => r.items);

/** `POST u/block {username}`: 201. */
export const blockUser = (username: string) => request((http) => http.post<Msg>('u/block', { username }));

/** `POST u/unblock {username}`. */
export const unblockUser = (username: string) => request((http) => http.post<Msg>('u/unblock', { username }));

/** `GET u/blocked`: the people the viewer blocked. */
export const fetchBlockedUsers = () =>
  request((http) => http.get<Responses['blocked']>('u/blocked')).then((r) => r.users);

/** `POST safety/hide {kind,id}`: 201; the item leaves the viewer's feeds. */
export const hideItem = (kind: HideKind, id: string) =>
  request((http) => http.post<Msg>('safety/hide', { kind, id }));

/** `POST safety/unhide {kind,id}`. */
export const unhideItem = (kind: HideKind, id: string) =>
  request((http) => http.post<Msg>('safety/unhide', { kind, id }));

/** `GET safety/resources`: the campus crisis resources (CRISIS_RESOURCES). */
export const fetchCrisisResources = () =>
  request((http) => http.get<Responses['resources']>('safety/resources')).then((r) => r.resources);
