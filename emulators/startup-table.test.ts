import { describe, expect, it } from 'vitest';
import { startupTable } from './startup-table';

describe("npm start's table", () => {
  it('lists each service, then the demo customer and the staff account with their passwords', () => {
    const lines = startupTable([
      { name: 'website', url: 'http://127.0.0.1:5173' },
      { name: 'EmailJS stand-in', url: 'http://127.0.0.1:12112', note: 'mails at /__received' },
    ]);
    expect(lines).toEqual([
      '  website           http://127.0.0.1:5173',
      '  EmailJS stand-in  http://127.0.0.1:12112  (mails at /__received)',
      '',
      '  Demo customer: demo@leopard.test / leopard-demo',
      '  Staff (admin, opens /staff): staff@leopard.test / leopard-staff',
    ]);
  });
});
