import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export type Mail = { to: string; subject: string; text: string };

/** A real SMTP server on loopback that keeps every mail it receives. */
export async function startMailbox() {
  const mails: Mail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (m) => {
          const to = Array.isArray(m.to) ? m.to[0].text : (m.to?.text ?? '');
          mails.push({ to: to.toLowerCase(), subject: m.subject ?? '', text: m.text ?? '' });
          waiters.splice(0).forEach((w) => w());
          callback();
        },
        (err) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as { port: number }).port;

  const count = (to: string) => mails.filter((m) => m.to === to.toLowerCase()).length;

  /** The code of the mail number `index` (0-based) to `to`, waiting up to 5 s for it. */
  async function codeOf(to: string, index = count(to) - 1): Promise<string> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const mine = mails.filter((m) => m.to === to.toLowerCase());
      if (index >= 0 && mine[index]) {
        const match = /Your Bahi code is (\d{4})/.exec(mine[index].subject);
        if (!match) throw new Error(`no code in mail subject '${mine[index].subject}'`);
        return match[1];
      }
      if (Date.now() > deadline) throw new Error(`no mail #${index} to ${to}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    count,
    codeOf,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
