/** Shapes the marketing content modules share. */

/** One step of a process: a short title and a sentence or two. */
export interface Step {
  title: string;
  summary: string;
}

/** A titled point: a feature, a reason, a research theme. */
export interface Feature {
  title: string;
  text: string;
}
