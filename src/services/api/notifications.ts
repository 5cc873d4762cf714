/** Reading notifications (spec §7 Notifications); the list itself is fetched by the session. */
import type { z } from 'zod';
import type { msgSchema } from '../../domain/entities.ts';
import { request } from '../http.ts';

type Msg = z.infer<typeof msgSchema>;

/** `u/markasread {id}`: 201. */
export const markNotificationRead = (id: string) => request((http) => http.post<Msg>('u/markasread', { id }));

/** `u/markallasread`: 202. */
export const markAllNotificationsRead = () => request((http) => http.post<Msg>('u/markallasread'));
