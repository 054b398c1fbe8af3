/** Runs the EmailJS stand-in alone: `npx tsx emulators/emailjs/cli.ts [--port 12112] [--host 127.0.0.1] [--quiet]`. */
import { parseArgs } from 'node:util';
import { start } from './server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '12112' },
    host: { type: 'string', default: '127.0.0.1' },
    quiet: { type: 'boolean', default: false },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number (got "${values.port}")`);
  process.exit(2);
}
const emailjs = await start({ port, host: values.host, quiet: values.quiet });
console.log(`EmailJS stand-in ready on ${emailjs.url} (received mail: ${emailjs.url}/__received)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void emailjs.stop().then(() => process.exit(0)));
}
