import type { z } from 'zod';
import type { authResponses } from '../../domain/entities.ts';
import type {
  ResendOtpBody,
  ResetPassBody,
  SigninBody,
  SignupBody,
  UpdatePassBody,
  VarifyOtpBody,
} from '../../domain/validation.ts';
import { request } from '../http.ts';

type Responses = { [K in keyof typeof authResponses]: z.infer<(typeof authResponses)[K]> };

export const generateUsernames = () =>
  request((http) => http.get<Responses['generateUsername']>('auth/generateusername')).then(
    (r) => r.usernames,
  );

export const signUp = (body: SignupBody) =>
  request((http) => http.post<Responses['otpSent']>('auth/signup', body));

export const verifyOtp = (body: VarifyOtpBody) =>
  request((http) => http.post<Responses['verified']>('auth/varifyotp', body));

export const resendOtp = (body: ResendOtpBody) =>
  request((http) => http.post<Responses['otpSent']>('auth/resendotp', body));

export const signIn = (body: SigninBody) =>
  request((http) => http.post<Responses['signedIn']>('auth/signin', body));

export const requestPasswordReset = (body: ResetPassBody) =>
  request((http) => http.post<Responses['otpSent']>('auth/resetpass', body));

export const updatePassword = (body: UpdatePassBody) =>
  request((http) => http.post<Responses['passwordUpdated']>('auth/updatepass', body));

export const logOut = () => request((http) => http.post<{ msg: string }>('auth/logout'));

export const restoreSession = () => request((http) => http.post<Responses['restored']>('auth/refreshsignin'));

export const loadUser = (email: string) =>
  request((http) => http.get<Responses['user']>(`u/${encodeURIComponent(email)}`)).then((r) => r.user);

export const fetchNotifications = () =>
  request((http) => http.get<Responses['notifications']>('u/notification')).then((r) => r.data);
