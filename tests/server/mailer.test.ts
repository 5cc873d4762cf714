import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { composeOtpMail, createConsoleMailer, createSmtpMailer } from '../../server/infra/mailer.ts';
import { startSmtpCapture } from '../support/smtpCapture.ts';

const mail = {
  to: 'someone@ietlucknow.ac.in',
  username: 'Velmaro42',
  code: '042917',
  purpose: 'signup' as const,
};

describe('OTP mails', () => {
  it('have a text and an HTML part naming the purpose, the code and the 10-minute expiry', () => {
    for (const purpose of ['signup', 'verify', 'reset'] as const) {
      const { subject, text, html } = composeOtpMail({ ...mail, purpose });
      expect(subject).toMatch(purpose === 'signup' ? /sign-up/ : purpose === 'verify' ? /Verify/ : /Reset/);
      for (const part of [text, html]) {
        expect(part).toContain('042917');
        expect(part).toContain('10 minutes');
        expect(part).toContain('Velmaro42');
      }
    }
  });

  it('the console mailer prints subject, username and code, never the address', async () => {
    const lines: string[] = [];
    await createConsoleMailer((line) => lines.push(line)).sendOtp(mail);
    const out = lines.join('');
    expect(out).toContain('Your Quad sign-up code');
    expect(out).toContain('u/Velmaro42');
    expect(out).toContain('042917');
    expect(out).not.toContain('someone');
  });
});

describe('the SMTP mailer', () => {
  it('delivers over plain loopback SMTP, with or without credentials', async () => {
    const smtp = await startSmtpCapture();
    try {
      for (const url of [smtp.url, `smtp://quad:secret@127.0.0.1:${smtp.port}`]) {
        const mailer = createSmtpMailer(url, 'Quad <no-reply@quad.local>');
        await mailer.sendOtp(mail);
        mailer.close();
      }
      expect(smtp.mails).toHaveLength(2);
      const received = await smtp.waitForMail('SOMEONE@ietlucknow.ac.in');
      expect(received.subject).toBe('Your Quad sign-up code');
      expect(received.html).toContain('042917');
      expect(await smtp.latestOtp(mail.to)).toBe('042917');
    } finally {
      await smtp.close();
    }
  });

  it('rejects when no server listens', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
      });
    });
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${closedPort}`, 'Quad <no-reply@quad.local>');
    await expect(mailer.sendOtp(mail)).rejects.toThrow();
    mailer.close();
  });
});
