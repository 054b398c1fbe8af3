import { Button, type ButtonVariant } from '@/ui/button';
import { MOVE_WORDS, nextStatuses, type StatusOf } from '../staff-records';

interface StatusMovesProps<K extends 'contact' | 'waitlist'> {
  kind: K;
  status: StatusOf<K>;
  /** Who the entry is from, for a screen reader's name of each button. */
  who: string;
  /** The move the list is for (answered, contacted): the one button that stands out, as
   *  `mainVariant`; the others are quiet. */
  main: StatusOf<K>;
  mainVariant: ButtonVariant;
  /** The move under way, if any: its button spins and every button waits. */
  busy: string | null;
  onMove: (status: StatusOf<K>) => void;
}

/** The buttons that move an inquiry or a waitlist entry to each state it may go to next, in the order
 *  of its states (docs/decisions/0108-staff-console.md). */
export function StatusMoves<K extends 'contact' | 'waitlist'>({ kind, status, who, main, mainVariant, busy, onMove }: StatusMovesProps<K>) {
  return nextStatuses(kind, status).map((next) => (
    <Button
      key={next}
      variant={next === main ? mainVariant : 'ghost'}
      busy={busy === next}
      disabled={busy !== null}
      onClick={() => onMove(next)}
    >
      {MOVE_WORDS[next]}
      <span className="visually-hidden">: {who}</span>
    </Button>
  ));
}
