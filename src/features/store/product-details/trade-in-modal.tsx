import { TRADE_IN_MAX_CENTS, TRADE_IN_PROVIDER_LABELS, TRADE_IN_PROVIDERS, TRADE_IN_REWARD_CENTS } from '@/catalog/add-ons';
import { formatUsd } from '@/catalog/money';
import { Modal } from '@/ui/modal';

const reward = formatUsd(TRADE_IN_REWARD_CENTS, { trimZeroCents: true });
const upTo = formatUsd(TRADE_IN_MAX_CENTS, { trimZeroCents: true });
const platforms = new Intl.ListFormat('en-US', { type: 'disjunction' }).format(
  TRADE_IN_PROVIDERS.map((id) => TRADE_IN_PROVIDER_LABELS[id]),
);

/** The trade-in info popup. The reward is a promise settled after review, never a checkout
 *  discount (docs/decisions/0044-trade-in-is-not-a-discount.md). */
export function TradeInModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title="Trade-in reward" onClose={onClose}>
      <p>
        Already running an application on {platforms}? Trade it in when you order and earn a <strong>{reward} trade-in reward</strong>; a
        trade-in can be worth up to <strong>{upTo}</strong>.
      </p>
      <p>Our team settles the reward after reviewing your application. It is not taken off the amount due at checkout.</p>
    </Modal>
  );
}
