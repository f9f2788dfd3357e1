/**
 * The local mail server as a process of its own, for the integration environment (docker-compose.yml),
 * where the services run apart and `npm start`'s in-process server is not there: a real SMTP server that
 * keeps what it receives and a web inbox to read it. MAIL_DEV_HOST (0.0.0.0 in a container; default
 * loopback), MAIL_DEV_SMTP_PORT (1025), MAIL_DEV_INBOX_PORT (1080). Never for production: it would hold
 * every password-reset link in a page anyone who reaches the port can read.
 */
import { loadMailConfig } from './config.js';
import { startDevMailServer } from './dev-server.js';

async function main(): Promise<void> {
  if (process.env.NODE_ENV === 'production') throw new Error('the local mail server is for development and integration only (production sends through SMTP_URL)');
  const { devServer } = loadMailConfig({ ...process.env, SMTP_URL: '' });
  const server = await startDevMailServer(devServer!);
  console.log(`local mail server: SMTP on ${devServer!.host}:${server.smtpPort}, inbox on ${devServer!.host}:${server.inboxPort}`);
  const stop = async (): Promise<void> => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
