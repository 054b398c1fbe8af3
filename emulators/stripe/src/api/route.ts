/** The shape of the v1 API's handlers: each resource module exports its routes. */
import type { StandIn } from '../core/context';
import type { EventOrigin } from '../core/event-data';
import type { FormObject } from '../core/form-encoding';

export interface ApiRequest {
  method: string;
  path: string;
  /** The POST body, or the query of a GET/DELETE, decoded. */
  form: FormObject;
  /** The request's id, idempotency key and Stripe-Version, stamped on the events it causes. */
  origin: EventOrigin;
}

export interface ApiAnswer {
  status: number;
  body: unknown;
}

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  /** Matched against the whole path; its groups are the (URL-decoded) ids handed to `handle`. */
  path: RegExp;
  handle(standIn: StandIn, request: ApiRequest, ids: string[]): ApiAnswer;
}

export const ok = (body: unknown): ApiAnswer => ({ status: 200, body });
