import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';

export type Mailer = {
  sendCode(to: string, code: string, purpose: 'signup' | 'reset'): Promise<void>;
};

export const CODE_VALID_MINUTES = 10;

export function codeMail(code: string, purpose: 'signup' | 'reset') {
  const why = purpose === 'signup' ? 'to verify your e-mail address' : 'to reset your password';
  return {
    subject: `Your Bahi code is ${code}`,
    text:
      `Your Bahi code is ${code}\n\n` +
      `Enter it ${why}. It is valid for ${CODE_VALID_MINUTES} minutes and can be used once.\n` +
      `If you did not ask for it, ignore this mail.\n`,
  };
}

/**
 * Sends through SMTP_URL; without it, writes the code to the server log as the single marked line
 * the embedded default relies on (the only place a code may ever be logged).
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (!config.smtpUrl) {
    return {
      async sendCode(to, code, purpose) {
        log.info(`*** Bahi one-time code for ${to} (${purpose}): ${code} *** (no SMTP_URL set)`);
      },
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    async sendCode(to, code, purpose) {
      await transport.sendMail({ from: config.mailFrom, to, ...codeMail(code, purpose) });
    },
  };
}
