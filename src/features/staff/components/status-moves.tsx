import { Button, type ButtonVariant } from '@/ui/button';
import type { StatusOf } from '@/data/staff';
import { MOVE_WORDS, nextStatuses } from '../staff-records';

/** The move each list is for, the one button that stands out: an inquiry is answered (the inbox's
 *  work), a waitlist entry contacted. The other moves are quiet. */
const MAIN_MOVE: { [K in 'contact' | 'waitlist']: { status: StatusOf<K>; variant: ButtonVariant } } = {
  contact: { status: 'answered', variant: 'primary' },
  waitlist: { status: 'contacted', variant: 'secondary' },
};

interface StatusMovesProps<K extends 'contact' | 'waitlist'> {
  kind: K;
  /** The entry's state, and who it is from (each button's name says so to a screen reader). */
  entry: { status: StatusOf<K>; name: string; email: string };
  /** The move under way, if any: its button spins and every button waits. */
  busy: string | null;
  onMove: (status: StatusOf<K>) => unknown;
}

/** The buttons that move an inquiry or a waitlist entry to each state it may go to next, in the order
 *  of its states (docs/decisions/0108-staff-console.md). */
export function StatusMoves<K extends 'contact' | 'waitlist'>({ kind, entry, busy, onMove }: StatusMovesProps<K>) {
  return nextStatuses(kind, entry.status).map((next) => (
    <Button
      key={next}
      variant={next === MAIN_MOVE[kind].status ? MAIN_MOVE[kind].variant : 'ghost'}
      busy={busy === next}
      disabled={busy !== null}
      onClick={() => void onMove(next)}
    >
      {MOVE_WORDS[next]}
      <span className="visually-hidden">: {entry.name || entry.email}</span>
    </Button>
  ));
}
