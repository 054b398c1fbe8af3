/**
 * Starts a worker for every HTTPS function of the Functions emulator before anyone calls one.
 *
 * The emulator runs each function in a worker process of its own, started at the function's first
 * call, which loads the functions' code: about 0.85 s on a quiet two-core machine, more than 10 s
 * while four browsers start beside it. A page waits 10 s for a server's answer (SERVER_WAIT_MS),
 * so a form sent as the e2e suite started was told "We could not reach our servers"
 * (docs/decisions/0148-e2e-stack-ready-before-the-tests.md). The
 * emulator lists its functions at `/backends` (what the Emulator UI reads: an internal route of the
 * pinned firebase-tools, so a change of its shape fails here, loudly), and a CORS preflight from
 * the site's origin reaches a function without making it do anything.
 */
import type { LocalStack } from './ports';

interface BackendsAnswer {
  backends: { functionTriggers: { name: string; httpsTrigger?: unknown }[] }[];
}

/** The names of the HTTPS functions the emulator serves. */
async function httpsFunctionNames(stack: LocalStack): Promise<string[]> {
  const answer = await fetch(`${new URL(stack.functionsUrl).origin}/backends`);
  if (!answer.ok) throw new Error(`The Functions emulator's /backends answered ${answer.status}`);
  const { backends } = (await answer.json()) as BackendsAnswer;
  const names = backends.flatMap((backend) =>
    backend.functionTriggers.filter((trigger) => trigger.httpsTrigger).map((trigger) => trigger.name),
  );
  if (names.length === 0) throw new Error("The Functions emulator's /backends lists no HTTPS function");
  return names;
}

/** Sends one preflight to every HTTPS function at once, and resolves with their names once each
 *  has answered (its worker is then started and idle). */
export async function warmHttpsFunctions(stack: LocalStack): Promise<string[]> {
  const names = await httpsFunctionNames(stack);
  await Promise.all(
    names.map(async (name) => {
      const answer = await fetch(`${stack.functionsUrl}/${name}`, {
        method: 'OPTIONS',
        headers: { Origin: stack.siteOrigins[0]!, 'Access-Control-Request-Method': 'POST' },
      });
      await answer.arrayBuffer();
    }),
  );
  return names;
}
