/** What the overview says after an admin's Recount: whether the counters and figures were right,
 *  and if not, which were off and by how much (docs/decisions/0112-staff-counters-by-trigger.md).
 *  Pure. */
import { formatUsd } from '@/catalog/money';
import { isWaitlistProgramme } from '@/config/waitlist-programmes';
import { STAFF_LIST_COUNTERS_PATH, TRADE_INS_DECLARED, type CounterRecount, type CounterRecountReport } from '@/data/staff';
import { ACTION_WORDS, TRADE_IN_STATE_WORDS } from './list-words';
import { STATUS_WORDS } from './staff-records';

const KIND_WORDS = { contact: 'Inquiries', waitlist: 'Waitlist', preorder: 'Pre-orders' } as const;
const PROGRAMME_WORDS = { 'open-access': 'Open-access waitlist', builder: 'Builder waitlist' } as const;
const LIST_WORDS: Record<string, { list: string; values: Readonly<Record<string, string>> }> = {
  tradeIns: { list: 'Trade-ins', values: { [TRADE_INS_DECLARED]: 'All', ...TRADE_IN_STATE_WORDS } },
  audit: { list: 'Audit log', values: ACTION_WORDS },
};
const FIGURE_WORDS: Record<string, string> = {
  activePlans: 'Active plans',
  mrrCents: 'Monthly recurring revenue',
  customers: 'Customers',
};

/** "+3", "−37" (a minus sign, as a number reads), "+$25.00" for money. */
function signed(delta: number, money: boolean): string {
  const size = money ? formatUsd(Math.abs(delta)) : Math.abs(delta).toLocaleString('en-US');
  return `${delta < 0 ? '\u2212' : '+'}${size}`;
}

function statusWord(words: Readonly<Record<string, string>>, status: string): string {
  return words[status] ?? status;
}

/** One value of a report in words: "Inquiries (New) −37", "Builder waitlist (New) +1", "Active plans +1". */
function driftLine(report: CounterRecountReport, name: string, delta: number): string {
  const [root, node] = report.path.split('/');
  if (root === 'staff_figures') return `${FIGURE_WORDS[name] ?? name} ${signed(delta, name === 'mrrCents')}`;
  const list = root === STAFF_LIST_COUNTERS_PATH ? LIST_WORDS[node ?? ''] : undefined;
  if (list) return `${list.list} (${statusWord(list.values, name)}) ${signed(delta, false)}`;
  if (root === 'staff_group_counters' && isWaitlistProgramme(node))
    return `${PROGRAMME_WORDS[node]} (${statusWord(STATUS_WORDS.waitlist, name)}) ${signed(delta, false)}`;
  const kind = node as keyof typeof KIND_WORDS;
  return `${KIND_WORDS[kind] ?? node} (${statusWord(STATUS_WORDS[kind] ?? {}, name)}) ${signed(delta, false)}`;
}

/** The sentence the page shows and a screen reader hears once a recount answered. */
export function recountText(run: CounterRecount): string {
  const drifts = run.recounted.flatMap((report) =>
    Object.entries(report.drift)
      .filter(([, delta]) => delta !== 0)
      .map(([name, delta]) => driftLine(report, name, delta)),
  );
  const found =
    drifts.length === 0
      ? 'Recount done: every count and figure was right.'
      : `Recount done: ${drifts.length === 1 ? 'one value was off and is' : `${drifts.length} values were off and are`} now mended: ${drifts.join('; ')}.`;
  return run.stoppedAt === null ? found : `${found} Not every record was counted in time: press Recount again to count the rest.`;
}
