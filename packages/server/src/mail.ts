import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';

/** An invitation to an office (issue 35): who invites, as what, and the code that joins. */
export type Invitation = { officeName: string; role: string; code: string; days: number };

export type Mailer = {
  sendCode(to: string, code: string, purpose: 'signup' | 'reset'): Promise<void>;
  sendInvitation(to: string, invitation: Invitation): Promise<void>;
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

export function invitationMail(i: Invitation) {
  return {
    subject: `${i.officeName} invites you to Bahi: your code is ${i.code}`,
    text:
      `${i.officeName} invites you to work in their office on Bahi as ${i.role}.\n\n` +
      `Sign in to Bahi with this e-mail address (sign up first if you have no account), open Team and ` +
      `enter the code ${i.code}. It is valid for ${i.days} days and can be used once.\n` +
      `If you do not know ${i.officeName}, ignore this mail.\n`,
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
      async sendInvitation(to, i) {
        log.info(
          `*** Bahi invitation code for ${to} (${i.officeName}, ${i.role}): ${i.code} *** (no SMTP_URL set)`,
        );
      },
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    async sendCode(to, code, purpose) {
      await transport.sendMail({ from: config.mailFrom, to, ...codeMail(code, purpose) });
    },
    async sendInvitation(to, i) {
      await transport.sendMail({ from: config.mailFrom, to, ...invitationMail(i) });
    },
  };
}
