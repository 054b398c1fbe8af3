// The HTTP layer the three local services share: bodies read within limits, the browser-origin
// gate with its CORS headers, answers, stopping a child process group, and the flags of the services' command lines. See README.md beside src/.
export { type BodyLimits, HttpError, checkDeclaredSize, closeUnreadAfterAnswer, readBody } from './body';
export { ANY_ORIGIN, type OriginGate, type Refusal, allowOriginFlags, isLoopbackHost, normalizeOrigin, originGate } from './origins';
export { send, sendHtml, sendJson, sendJsonError, sendText } from './answer';
export { stopProcessGroup } from './child-process';
export { serviceFlags, serviceOptions } from './flags';
