// The flags every local service's command line takes (the Stripe and EmailJS stand-ins'), read and
// checked one way: a bad value is refused in words with exit code 2, before anything listens.
import { allowOriginFlags } from './origins';

/** parseArgs options of --port (default `port`), --host, --allow-origin (repeatable) and --quiet. */
export function serviceOptions(port: number) {
  return {
    port: { type: 'string', default: String(port) },
    host: { type: 'string', default: '127.0.0.1' },
    'allow-origin': { type: 'string', multiple: true },
    quiet: { type: 'boolean', default: false },
  } as const;
}

/** What a service's `start()` takes of those flags, once each is checked. */
export function serviceFlags(values: { port: string; host: string; 'allow-origin'?: string[]; quiet: boolean }) {
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a port number (got "${values.port}")`);
    process.exit(2);
  }
  return { port, host: values.host, quiet: values.quiet, allowedOrigins: allowOriginFlags(values['allow-origin']) };
}
