/**
 * `npm start`: the whole site on the local stack. Prints one table of URLs when everything is
 * ready and stops everything on Ctrl-C.
 *   --web dev|preview|none   what serves the website (default dev)
 *   --verbose                show every line the services log
 */
import { parseArgs } from 'node:util';
import { DEMO_CUSTOMER } from './seed.ts';
import { PortInUseError, startStack, type WebMode } from './stack.ts';

const { values } = parseArgs({
  options: { web: { type: 'string', default: 'dev' }, verbose: { type: 'boolean', default: false } },
});
const web = values.web as WebMode;
if (!['dev', 'preview', 'none'].includes(web)) {
  console.error(`--web must be dev, preview or none (got "${web}")`);
  process.exit(2);
}

const started = performance.now();
console.log('Starting the local stack…');
try {
  const stack = await startStack({ web, verbose: values.verbose, onProgress: (message) => console.log(`  ✓ ${message}`) });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const width = Math.max(...stack.services.map((s) => s.name.length));
  console.log(`\nAll services ready in ${seconds} s:\n`);
  for (const service of stack.services) {
    console.log(`  ${service.name.padEnd(width)}  ${service.url}${service.note ? `  (${service.note})` : ''}`);
  }
  console.log(`\n  Demo customer: ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`);
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
  console.error(error instanceof PortInUseError ? `\n${error.message}` : `\nThe local stack could not start:\n${String(error instanceof Error ? error.message : error)}`);
  process.exit(1);
}
