export { createServer, type CofferServer, type ServerOptions } from './server.ts';
export {
  loadCommand,
  resolveConfig,
  ConfigError,
  SERVER_VERSION,
  type ConfigInput,
  type ServerConfig,
} from './config.ts';
export { resetPassword } from './commands.ts';
