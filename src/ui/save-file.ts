/** Saves `content` as a file through the browser's download: a Blob's object URL on an
 *  `<a download>`, clicked, then let go. */
export function saveFile(content: string | Blob, fileName: string, type = 'application/json'): void {
  const url = URL.createObjectURL(typeof content === 'string' ? new Blob([content], { type }) : content);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser the time to start the download before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
