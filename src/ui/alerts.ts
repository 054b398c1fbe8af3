/** The site's alert dialogs (sweetalert2), loaded only when the first alert is shown so the
 *  landing bundle stays small. Titles and texts come from the callers' message catalogues. */
export type AlertIcon = 'error' | 'warning' | 'success';

export interface AlertMessage {
  title: string;
  text: string;
}

async function show(icon: AlertIcon, { title, text }: AlertMessage): Promise<void> {
  const { default: Swal } = await import('sweetalert2');
  await Swal.fire({
    icon,
    title,
    text,
    confirmButtonText: 'OK',
    confirmButtonColor: '#1d3a8a',
    returnFocus: true,
  });
}

export const alertError = (message: AlertMessage) => show('error', message);
export const alertWarning = (message: AlertMessage) => show('warning', message);
export const alertSuccess = (message: AlertMessage) => show('success', message);
