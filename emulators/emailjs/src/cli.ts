/** Runs the EmailJS stand-in alone:
 *  `npx tsx emulators/emailjs/src/cli.ts [--port 12112] [--host 127.0.0.1] [--private-key KEY [--require-private-key]]
 *  [--allow-origin ORIGIN]… [--quiet]`. Without --allow-origin, pages on any loopback origin may call it. */
import { parseArgs } from 'node:util';
import { allowOriginFlags } from '@leopard/emulator-http';
import { start } from './server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '12112' },
    host: { type: 'string', default: '127.0.0.1' },
    'private-key': { type: 'string' },
    'require-private-key': { type: 'boolean', default: false },
    'allow-origin': { type: 'string', multiple: true },
    quiet: { type: 'boolean', default: false },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number (got "${values.port}")`);
  process.exit(2);
}
if (values['require-private-key'] && !values['private-key']) {
  console.error('--require-private-key needs --private-key');
  process.exit(2);
}
const allowedOrigins = allowOriginFlags(values['allow-origin']);
const emailjs = await start({
  port,
  host: values.host,
  quiet: values.quiet,
  privateKey: values['private-key'],
  requirePrivateKey: values['require-private-key'],
  allowedOrigins,
});
console.log(`EmailJS stand-in ready on ${emailjs.url} (received mail: ${emailjs.url}/__received)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void emailjs.stop().then(() => process.exit(0)));
}
