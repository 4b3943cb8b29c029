/**
 * `npm run server -- --port 8787 [--config FILE] [--host HOST] [--pace N]`: serves the reference server,
 * prints its base URL (and nothing else) on stdout once listening, logs to stderr, and exits
 * cleanly on SIGINT / SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { defaultConfig, parseServerConfig, startReferenceServer, withPace, type ServerConfig } from './index';

const USAGE = 'usage: node out/server/cli.js [--port N] [--host HOST] [--config FILE]\n'
  + '  --port N       port to listen on (default 8787; 0 picks a free one)\n'
  + '  --host HOST    address to listen on (default 127.0.0.1)\n'
  + '  --config FILE  JSON file with keys and models (see server/README.md)\n'
  + '  --pace N       echo models stream N tokens per second (default: as fast as the socket takes)\n';

async function main(): Promise<number> {
  let values: { port?: string; host?: string; config?: string; pace?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        config: { type: 'string' },
        pace: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help === true) {
    process.stdout.write(USAGE);
    return 0;
  }
  const port = Number(values.port ?? '8787');
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`--port must be a whole number from 0 to 65535\n${USAGE}`);
    return 2;
  }
  let config: ServerConfig | undefined;
  if (values.config !== undefined) {
    try {
      config = parseServerConfig(JSON.parse(readFileSync(values.config, 'utf8')));
    } catch (error) {
      process.stderr.write(`cannot use --config ${values.config}: ${(error as Error).message}\n`);
      return 2;
    }
  }

  if (values.pace !== undefined) {
    try {
      config = withPace(config ?? defaultConfig, Number(values.pace));
    } catch (error) {
      process.stderr.write(`--pace ${values.pace}: ${(error as Error).message}\n${USAGE}`);
      return 2;
    }
  }

  const log = (line: string): void => { process.stderr.write(`${new Date().toISOString()} ${line}\n`); };
  let server;
  try {
    server = await startReferenceServer({ port, host: values.host, config, log });
  } catch (error) {
    process.stderr.write(`cannot listen: ${(error as Error).message}\n`);
    return 1;
  }
  process.stdout.write(`${server.baseUrl}\n`);
  log(`reference server listening on ${server.baseUrl}`);

  const running = server;
  await new Promise<void>((resolve) => {
    const stop = (signal: string): void => {
      log(`${signal}: shutting down`);
      void running.close().then(resolve);
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  return 0;
}

main().then((code) => { process.exitCode = code; }, (error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
