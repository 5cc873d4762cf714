/** Appeals (docs/api.md "Safety"; docs/moderation.md "Appeals"). */
import type { z } from 'zod';
import type { AppealBody, AppealDecision, appealResponses } from '../../domain/appealSchemas.ts';
import type { msgSchema } from '../../domain/entities.ts';
import { MODERATION_PAGE } from '../../domain/safety.ts';
import { request } from '../http.ts';

type Msg = z.infer<typeof msgSchema>;
type Queue = z.infer<typeof appealResponses.queue>;

/** `POST appeals {kind,id,text}`: 201; the author's one appeal of a removal. */
export const sendAppeal = (appeal: AppealBody) => request((http) => http.post<Msg>('appeals', appeal));

/** `GET mod/appeals ?offset&limit`: appeals waiting, oldest first (moderators only). */
export const fetchAppeals = (offset: number) =>
  request((http) => http.get<Queue>('mod/appeals', { params: { offset, limit: MODERATION_PAGE } })).then(
    (r) => r.items,
  );

/** `POST mod/appeals/decide {kind,id,outcome}`: restored or upheld. */
export const decideAppeal = (decision: AppealDecision) =>
  request((http) => http.post<Msg>('mod/appeals/decide', decision));
