// The one place the server imports the rules engine from.
export * from './rules';
