/**
 * Outgoing mail: nodemailer over SMTP when SMTP_URL is set, otherwise a console mailer that prints
 * the OTP mail (subject, username, code) to stdout so a fresh machine can sign up. Neither logs the
 * recipient's address.
 */
import nodemailer from 'nodemailer';
import { OTP_RULES } from '../../src/domain/constants.ts';
import type { OtpPurpose } from '../db/schema.ts';

export interface OtpMail {
  to: string;
  username: string;
  code: string;
  purpose: OtpPurpose;
}

export interface Mailer {
  sendOtp(mail: OtpMail): Promise<void>;
  close(): void;
}

const TTL_MINUTES = Math.round(OTP_RULES.ttlMs / 60_000);

const PURPOSES: Record<OtpPurpose, { subject: string; action: string }> = {
  signup: { subject: 'Your Quad sign-up code', action: 'finish signing up to Quad' },
  verify: { subject: 'Verify your Quad account', action: 'verify your Quad account' },
  reset: { subject: 'Reset your Quad password', action: 'reset your Quad password' },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function composeOtpMail({ username, code, purpose }: OtpMail) {
  const { subject, action } = PURPOSES[purpose];
  const text = [
    `Hi ${username},`,
    '',
    `Your code to ${action} is: ${code}`,
    `It expires in ${TTL_MINUTES} minutes. If you did not ask for it, you can ignore this mail.`,
    '',
    'Quad',
  ].join('\n');
  const html = [
    `<p>Hi ${escapeHtml(username)},</p>`,
    `<p>Your code to ${action} is:</p>`,
    `<p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p>`,
    `<p>It expires in ${TTL_MINUTES} minutes. If you did not ask for it, you can ignore this mail.</p>`,
    '<p>Quad</p>',
  ].join('\n');
  return { subject, text, html };
}

export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(
    { url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 },
    { from },
  );
  return {
    async sendOtp(mail) {
      await transport.sendMail({ to: mail.to, ...composeOtpMail(mail) });
    },
    close: () => transport.close(),
  };
}

export function createConsoleMailer(
  write: (line: string) => void = (line) => process.stdout.write(line),
): Mailer {
  return {
    async sendOtp(mail) {
      const { subject } = composeOtpMail(mail);
      write(
        `\n[console mailer] ${subject}\n  for u/${mail.username}: code ${mail.code} ` +
          `(expires in ${TTL_MINUTES} minutes)\n  Set SMTP_URL to send real mail.\n\n`,
      );
    },
    close: () => undefined,
  };
}

export function createMailer(smtpUrl: string | undefined, from: string): Mailer {
  return smtpUrl ? createSmtpMailer(smtpUrl, from) : createConsoleMailer();
}
