/**
 * `npm start`: the whole site on the local stack. Prints one table of URLs when everything is
 * ready and stops everything on Ctrl-C.
 *   --web dev|preview|none   what serves the website (default dev)
 *   --port-offset N          move every port by N (emulators/ports.ts), to run beside another stack
 *   --verbose                show every line the services log
 *   --stripe-webhook-delay-ms N  the Stripe stand-in delivers the hosted checkout's events N ms
 *                            after Pay (default 0), as Stripe may: the buyer is back first
 */
import { parseArgs } from 'node:util';
import { MAX_WEBHOOK_DELAY_MS } from '@leopard/stripe-stand-in';
import { E2E_PORT_OFFSET, localStack, parsePortOffset, sharedPorts } from './ports';
import { emulatorsBuildFolder } from './stack-files';
import { PortInUseError, startStack, type WebMode } from './stack';
import { startupTable } from './startup-table';

const { values } = parseArgs({
  options: {
    web: { type: 'string', default: 'dev' },
    'port-offset': { type: 'string', default: '0' },
    verbose: { type: 'boolean', default: false },
    'stripe-webhook-delay-ms': { type: 'string', default: '0' },
  },
});
const web = values.web as WebMode;
if (!['dev', 'preview', 'none'].includes(web)) {
  console.error(`--web must be dev, preview or none (got "${web}")`);
  process.exit(2);
}
const stripeWebhookDelayMs = Number(values['stripe-webhook-delay-ms']);
if (!/^\d+$/.test(values['stripe-webhook-delay-ms']) || stripeWebhookDelayMs > MAX_WEBHOOK_DELAY_MS) {
  console.error(`--stripe-webhook-delay-ms must be a whole number of milliseconds from 0 to ${MAX_WEBHOOK_DELAY_MS}`);
  process.exit(2);
}
let portOffset: number;
try {
  portOffset = parsePortOffset(values['port-offset'], '--port-offset');
  if (sharedPorts(localStack(portOffset), localStack(E2E_PORT_OFFSET)).length > 0) {
    console.warn(`Note: this stack shares ports with the e2e suite's (offset ${E2E_PORT_OFFSET}); \`npm test\` cannot run beside it.`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

const started = performance.now();
console.log('Starting the local stack…');
try {
  // `--web preview` serves a build of its own, made for this stack's ports, in this stack's folder
  // (never the one Hosting serves: scripts/build-folders.ts).
  if (web === 'preview') console.log(`  … building the site for this stack into ${emulatorsBuildFolder(portOffset)}`);
  const stack = await startStack({
    web,
    portOffset,
    buildPreview: web === 'preview',
    verbose: values.verbose,
    stripeWebhookDelayMs,
    onProgress: (message) => console.log(`  ✓ ${message}`),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\nAll services ready in ${seconds} s:\n`);
  for (const line of startupTable(stack.services)) console.log(line);
  console.log('\nPress Ctrl-C to stop.');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping every service…`);
    await stack.stop();
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
} catch (error) {
  console.error(
    error instanceof PortInUseError
      ? `\n${error.message}`
      : `\nThe local stack could not start:\n${String(error instanceof Error ? error.message : error)}`,
  );
  process.exit(1);
}
