/** What `npm start` prints once every service is ready: each service's address, then the accounts
 *  the demo data signs in with (README.md, What `npm start` runs), the staff one beside the customer so
 *  that the console at /staff can be tried without reading the seed. */
import { DEMO_CUSTOMER, DEMO_STAFF } from './seed';

export interface ListedService {
  name: string;
  url: string;
  note?: string;
}

export function startupTable(services: readonly ListedService[]): string[] {
  const width = Math.max(...services.map((s) => s.name.length));
  return [
    ...services.map((service) => `  ${service.name.padEnd(width)}  ${service.url}${service.note ? `  (${service.note})` : ''}`),
    '',
    `  Demo customer: ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`,
    `  Staff (${DEMO_STAFF.role}, opens /staff): ${DEMO_STAFF.email} / ${DEMO_STAFF.password}`,
  ];
}
