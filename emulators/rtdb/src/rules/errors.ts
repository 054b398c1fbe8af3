/** Thrown by compileRules; the message is shown to the person who uploaded the rules. */
export class RulesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RulesError';
  }
}
