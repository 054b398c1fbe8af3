// The EmailJS stand-in's programmatic API (README.md beside src/).
export { SEND_FORM_PATH, SEND_PATH, type RunningEmailJs, type StartOptions, start } from './server';
export { PRIVATE_KEY_REQUIRED_TEXT, WRONG_PRIVATE_KEY_TEXT, type FailureRule, type ReceivedMail } from './mailbox';
