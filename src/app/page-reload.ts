/**
 * The last resort of a page whose code failed to download twice. Some browsers (Chromium 150 among
 * them) remember a failed dynamic import for the life of the document and answer every later
 * import of the same module with the same failure, so only a new document can load it again.
 */
export interface PageRecovery {
  /** Whether the site's server answers at all: reloading while offline would leave the person on
   *  the browser's own error page instead of our message. */
  serverReachable(): Promise<boolean>;
  /** Loads the same address again in a new document. */
  reload(): void;
}

export const browserRecovery: PageRecovery = {
  async serverReachable() {
    try {
      const response = await fetch(window.location.href, { method: 'HEAD', cache: 'no-store' });
      return response.ok;
    } catch {
      return false;
    }
  },
  reload() {
    window.location.reload();
  },
};
