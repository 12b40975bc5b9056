import { readPasswordFromStdin, resetPassword } from './commands.ts';
import { ConfigError, loadCommand, SERVER_VERSION } from './config.ts';
import { createServer } from './server.ts';

const USAGE = `usage: coffer-server [reset-password] [options]

  (no command)        start the sync server
  reset-password      set a new server password (from --password or stdin) and sign everyone out

options:
  --port <n>          port (default 5006; env COFFER_PORT)
  --hostname <host>   address to listen on (default 127.0.0.1; env COFFER_HOSTNAME)
  --data-dir <dir>    data directory (default ./data; env COFFER_DATA_DIR)
  --config <file>     JSON config file (default <data-dir>/config.json if present)
  --https-key <f>     HTTPS key, a path or PEM text (env COFFER_HTTPS_KEY)
  --https-cert <f>    HTTPS certificate, a path or PEM text (env COFFER_HTTPS_CERT)
  --web-root <dir>    built web app to serve (default packages/web/dist)
  --connect-origin <o> a sync server at another origin the web app may use (repeatable;
                      env COFFER_CONNECT_ORIGINS, comma-separated)
  --password <pw>     the new password for reset-password

  env COFFER_BANK_SYNC_MINUTES=<n>  fetch linked bank accounts (SimpleFIN, Enable Banking,
                      GoCardless) every n minutes (60 to 10080) and hold new rows
                      for the app; off by default
  env ACTUAL_OPENID_DISCOVERY_URL (or _PROVIDER_NAME and _AUTHORIZATION_ENDPOINT,
      _TOKEN_ENDPOINT, _USERINFO_ENDPOINT), _CLIENT_ID, _CLIENT_SECRET,
      _SERVER_HOSTNAME, _AUTH_METHOD: an OpenID provider, turned on at each start
      as Actual's server does (COFFER_OPENID_* too); ACTUAL_OPENID_ENFORCE=true
      offers OpenID alone on the sign-in page
  -h, --help          this text
  -v, --version       the server version
`;

async function main(): Promise<number> {
  const command = loadCommand(process.argv.slice(2));
  switch (command.kind) {
    case 'help':
      process.stdout.write(USAGE);
      return 0;
    case 'version':
      process.stdout.write(`v${SERVER_VERSION}\n`);
      return 0;
    case 'reset-password': {
      const password = command.password ?? (await readPasswordFromStdin());
      await resetPassword(command.config, password);
      process.stdout.write('Password changed. Every session has been signed out.\n');
      return 0;
    }
    case 'serve': {
      const server = await createServer(command.config);
      const url = await server.listen();
      command.config.log(`Coffer server ${SERVER_VERSION} listening on ${url}`);
      command.config.log(`Data directory: ${command.config.dataDir}`);
      const stop = () => {
        server.close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      return -1;
    }
  }
}

main().then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (e: unknown) => {
    process.stderr.write(
      `${e instanceof ConfigError || e instanceof Error ? e.message : String(e)}\n`,
    );
    process.exit(1);
  },
);
