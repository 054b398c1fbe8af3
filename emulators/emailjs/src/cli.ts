/** Runs the EmailJS stand-in alone:
 *  `npx tsx emulators/emailjs/src/cli.ts [--port 12112] [--host 127.0.0.1] [--private-key KEY [--require-private-key]]
 *  [--allow-origin ORIGIN]… [--quiet]`. Without --allow-origin, pages on any loopback origin may call it. */
import { parseArgs } from 'node:util';
import { serviceFlags, serviceOptions } from '@leopard/emulator-http';
import { start } from './server';

const { values } = parseArgs({
  options: {
    ...serviceOptions(12112),
    'private-key': { type: 'string' },
    'require-private-key': { type: 'boolean', default: false },
  },
});
const service = serviceFlags(values);
if (values['require-private-key'] && !values['private-key']) {
  console.error('--require-private-key needs --private-key');
  process.exit(2);
}
const emailjs = await start({ ...service, privateKey: values['private-key'], requirePrivateKey: values['require-private-key'] });
console.log(`EmailJS stand-in ready on ${emailjs.url} (received mail: ${emailjs.url}/__received)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void emailjs.stop().then(() => process.exit(0)));
}
