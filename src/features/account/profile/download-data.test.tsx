import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DownloadData } from './download-data';

const mocks = vi.hoisted(() => ({ exportAccountData: vi.fn(), saveFile: vi.fn() }));
vi.mock('../account-data-api', () => ({
  EXPORT_FILE_NAME: 'leopard-account-data.json',
  exportAccountData: mocks.exportAccountData,
  saveFile: mocks.saveFile,
}));

const user = { uid: 'u1' } as User;

beforeEach(() => vi.clearAllMocks());

describe('DownloadData', () => {
  it('saves what the function gives as the JSON file and says so', async () => {
    mocks.exportAccountData.mockResolvedValue({ ok: true, value: '{"profile":{}}\n' });
    render(<DownloadData user={user} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(mocks.saveFile).toHaveBeenCalledWith('{"profile":{}}\n', 'leopard-account-data.json'));
    expect(screen.getByRole('status')).toHaveTextContent('Your data was downloaded as leopard-account-data.json.');
  });

  it('says why when the function refuses, and saves nothing', async () => {
    mocks.exportAccountData.mockResolvedValue({ ok: false, message: 'You have downloaded your data 20 times today.' });
    render(<DownloadData user={user} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('20 times today'));
    expect(mocks.saveFile).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });
});
