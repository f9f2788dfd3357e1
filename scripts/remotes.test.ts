/**
 * The compose files cannot import the contract's REMOTES list nor the parts-apart topology, so this holds
 * them to both. docker-compose.yml is read by a real parser, Debian's docker-compose (`config` needs no
 * Docker engine; .ci/run installs it): every service runs the command the parts apart run in CI
 * (scripts/parts-apart/topology.ts) with the same setting names, each remote on its own port from the list,
 * and deploy/remotes.compose.json names each remote on that port. The README's table of the parts names the
 * same commands and settings.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { REMOTES, WEB_APPS } from 'shared-contracts/remotes';
import { PART_ENTRIES, partsApart } from './parts-apart/topology';

const root = path.resolve(__dirname, '..');

interface ComposeService {
  command?: string;
  environment?: Record<string, string | null>;
  ports?: (string | { target: number; published: number | string; host_ip?: string })[];
  image?: string;
}

/** docker-compose.yml as docker-compose itself reads it (anchors merged, every value in its long form). */
function composeConfig(): { services: Record<string, ComposeService> } {
  let printed: string;
  try {
    printed = execFileSync('docker-compose', ['-f', path.join(root, 'docker-compose.yml'), 'config'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  } catch (error) {
    const failure = error as { code?: string; stderr?: string };
    if (failure.code === 'ENOENT') throw new Error('docker-compose is not installed: apt-get install docker-compose (.ci/run does)', { cause: error });
    throw new Error(`docker-compose refuses docker-compose.yml: ${failure.stderr ?? String(error)}`, { cause: error });
  }
  return parse(printed) as { services: Record<string, ComposeService> };
}

/** a published port in either form docker-compose prints: '[host_ip:]published:target[/proto]' or the long one */
function portOf(port: NonNullable<ComposeService['ports']>[number]): { hostIp: string; published: number } {
  if (typeof port !== 'string') return { hostIp: port.host_ip ?? '', published: Number(port.published) };
  const parts = port.replace(/\/\w+$/, '').split(':');
  return { hostIp: parts.length > 2 ? parts[0] : '', published: Number(parts[parts.length - 2]) };
}

const published = (service: ComposeService): number[] => (service.ports ?? []).map((port) => portOf(port).published);

// what the topology gives each part, for settings that only need names (values are the deployment's own)
const topology = partsApart(
  { basePort: 9000, domain: '', appEnv: 'integration', databaseUrl: 'postgres://x', storageDir: '/s', publishedDir: '/p', remotesJsonPath: '/r.json', secrets: { jwt: 'j', accountToken: 'a', client: 'c' } },
  Object.fromEntries(REMOTES.map((remote) => [remote.pkg, '1.0.0'])),
);

// the parts apart run starts the local mail server in its own process and hands every part SMTP_URL from
// its environment (run.ts); compose runs that server as a service and names SMTP_URL on the parts that send
const MAIL_SETTING = 'SMTP_URL';

describe('docker-compose.yml, read by docker-compose', () => {
  const { services } = composeConfig();

  it('has PostgreSQL, the local mail server and exactly the parts the parts apart run', () => {
    expect(Object.keys(services).sort()).toEqual(['mail', 'postgres', ...topology.parts.map((part) => part.name)].sort());
  });

  it('delivers the mail of the account service and the API to the local mail server, whose inbox only this machine reaches', () => {
    const mail = services.mail as ComposeService;
    expect(mail.command).toBe('npx tsx services/mail/src/dev-server-main.ts');
    const smtpPort = mail.environment?.MAIL_DEV_SMTP_PORT;
    for (const sender of ['account', 'api']) expect(services[sender]?.environment?.[MAIL_SETTING]).toBe(`smtp://mail:${smtpPort}`);
    // the inbox shows password-reset links: published on loopback only
    expect((mail.ports ?? []).map(portOf)).toEqual([{ hostIp: '127.0.0.1', published: Number(mail.environment?.MAIL_DEV_INBOX_PORT) }]);
  });

  it.each(topology.parts.map((part) => [part.name, part] as const))('%s runs what the parts apart run, with the same settings', (name, part) => {
    const service = services[name] as ComposeService;
    expect(service.command).toBe(`npx tsx ${part.entry}`);
    expect(Object.keys(service.environment ?? {}).filter((key) => key !== MAIL_SETTING).sort()).toEqual(Object.keys(part.env).sort());
    // the workers run apart on the server both share; the demo data goes where the demo credentials go
    if (name === 'api') expect(service.environment).toMatchObject({ WORKER: '0', SEED_DEMO: '1', TRUST_PROXY: '1' });
    if (name === 'account') expect(service.environment).toMatchObject({ ACCOUNT_SEED_DEMO: '1' });
    if (name === 'api' || name === 'worker') expect(service.environment?.STORAGE_DIR).toBe(services.api?.environment?.STORAGE_DIR);
  });

  it('serves each remote from its own container on its port of the list, and the shell on 8080', () => {
    for (const remote of REMOTES) {
      const service = services[remote.pkg] as ComposeService;
      expect(service.environment).toMatchObject({ REMOTE: remote.pkg, PORT: String(remote.composePort), REMOTE_DIR: `/app/${remote.pkg}/dist` });
      expect(published(service)).toEqual([remote.composePort]);
    }
    expect(services.web?.environment).toMatchObject({ GATEWAY_PORT: '8080', REMOTES_JSON: '/app/deploy/remotes.compose.json' });
    expect(published(services.web as ComposeService)).toEqual([8080]);
  });
});

describe('the one REMOTES list', () => {
  it('deploy/remotes.compose.json names exactly the remotes of the list, each on its compose port', () => {
    const manifest = JSON.parse(readFileSync(path.join(root, 'deploy', 'remotes.compose.json'), 'utf8')) as { remotes: { name: string; entry: string }[] };
    expect(manifest.remotes.map((r) => r.name)).toEqual(REMOTES.map((remote) => remote.container));
    for (const remote of REMOTES) {
      const entry = manifest.remotes.find((r) => r.name === remote.container)?.entry ?? '';
      expect(entry).toContain(`:${remote.composePort}/remotes/${remote.pkg}/`);
    }
  });

  it('the build makes the shell and every remote', () => {
    expect(WEB_APPS).toEqual(['shell', ...REMOTES.map((remote) => remote.pkg)]);
  });
});

describe("the README's parts", () => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Running the parts apart'), readme.indexOf('### Production: trust'));

  it('names the command of every part', () => {
    for (const entry of Object.values(PART_ENTRIES)) expect(section).toContain(`npx tsx ${entry}`);
  });

  it('names the port setting of every part that listens', () => {
    for (const setting of ['ACCOUNT_PORT', 'PORT', 'GATEWAY_PORT', 'REMOTE=', 'REMOTE_DIR', 'WORKER=0']) expect(section).toContain(setting);
  });
});
