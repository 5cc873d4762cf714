/** Response shapes of spec §3, shared by the server's response schemas and the client's types. */
import { z } from 'zod';

export const userInfoSchema = z.object({
  userID: z.string(),
  username: z.string(),
  email: z.string(),
  dp: z.string().nullable(),
  bgImg: z.string().nullable(),
  leetcode: z.string().nullable(),
  codeforces: z.string().nullable(),
  about: z.string().nullable(),
  showLC: z.boolean(),
  showCf: z.boolean(),
  createdAt: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  postId: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  fromUser: z.string().nullable(),
  toUser: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  user2: z.object({ username: z.string() }).nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const msgSchema = z.object({ msg: z.string() });

export const authResponses = {
  generateUsername: z.object({ usernames: z.array(z.string()) }),
  otpSent: z.object({ msg: z.string(), userID: z.string(), email: z.string() }),
  verified: z.object({
    msg: z.string(),
    email: z.string(),
    userID: z.string(),
    purpose: z.enum(['signup', 'reset', 'verify']),
  }),
  signedIn: z.object({ msg: z.string(), email: z.string() }),
  passwordUpdated: z.object({ msg: z.string(), email: z.string() }),
  restored: z.object({ email: z.string() }),
  user: z.object({ user: userInfoSchema }),
  notifications: z.object({ data: z.array(notificationSchema) }),
};
