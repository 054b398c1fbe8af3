// The viewer's serving (src/viewer.ts): its TypeScript modules reach the browser as one script,
// bundled when asked for, again after an edit, never half-built or stale
// (docs/decisions/0131-rtdb-viewer-modules.md). The handler alone, on a free port: no emulator.
import { cpSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serveViewer, viewerServer } from './viewer';

const VIEWER = fileURLToPath(new URL('../viewer/', import.meta.url));

async function serve(handler: ReturnType<typeof viewerServer>): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    if (!handler(req, res, new URL(req.url ?? '/', 'http://127.0.0.1'))) {
      res.writeHead(404);
      res.end('not the viewer');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** Writes a module with a time after every earlier write, so an edit within the same millisecond counts too. */
let clock = Date.now() / 1000;
function write(file: string, text: string): void {
  writeFileSync(file, text);
  clock += 5;
  utimesSync(file, clock, clock);
}

describe("the viewer's script", () => {
  test('is its modules bundled into one browser script, with the page and stylesheet beside it', async () => {
    const { url, server } = await serve(serveViewer);
    try {
      const res = await fetch(`${url}/.viewer/viewer.js`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      const script = await res.text();
      // Words from the tree, live updates, the dialogs and the panels are all in it, and no module is fetched apart.
      for (const words of [
        'Live: streaming changes',
        'Give the new child a key.',
        'already exists; choose a key that is free.',
        'No request has been denied.',
      ]) {
        expect(script).toContain(words);
      }
      expect(script).not.toMatch(/^\s*import\s/m);
      expect(script).not.toMatch(/\binterface\s+\w+\s*\{/);
      // Its source map names the TypeScript modules, so the browser's debugger shows them.
      const map = /\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/.exec(script);
      const sources = (JSON.parse(Buffer.from(map?.[1] ?? '', 'base64').toString('utf8') || '{}') as { sources?: string[] }).sources;
      expect(sources).toEqual(expect.arrayContaining(['src/main.ts', 'src/tree-view.ts', 'src/live-updates.ts', 'src/key-dialog.ts']));
      const page = await fetch(`${url}/`, { headers: { Accept: 'text/html' } });
      expect(await page.text()).toContain('<script type="module" src="/.viewer/viewer.js"></script>');
      expect((await fetch(`${url}/.viewer/viewer.css`)).status).toBe(200);
      // Only these three: neither the modules nor anything else of the package is served.
      for (const path of ['/.viewer/src/main.ts', '/.viewer/main.ts', '/.viewer/tsconfig.json', '/.viewer/../src/viewer.ts']) {
        expect((await fetch(`${url}${path}`)).status, path).toBe(404);
      }
    } finally {
      server.close();
    }
  });

  describe('from a viewer being edited', () => {
    let dir: string;
    let url: string;
    let server: Server;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'rtdb-viewer-'));
      cpSync(join(VIEWER, 'index.html'), join(dir, 'index.html'));
      cpSync(join(VIEWER, 'viewer.css'), join(dir, 'viewer.css'));
      mkdirSync(join(dir, 'src'));
      write(join(dir, 'src', 'words.ts'), "export const words: string = 'first words';\n");
      write(join(dir, 'src', 'main.ts'), "import { words } from './words';\ndocument.title = words;\n");
      ({ url, server } = await serve(viewerServer(dir)));
    });
    afterAll(() => {
      server?.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const script = async () => {
      const res = await fetch(`${url}/.viewer/viewer.js`);
      return { status: res.status, text: await res.text() };
    };

    test('serves an edit at the next request, without a restart', async () => {
      expect((await script()).text).toContain('first words');
      write(join(dir, 'src', 'words.ts'), "export const words: string = 'second words';\n");
      const after = await script();
      expect(after.text).toContain('second words');
      expect(after.text).not.toContain('first words');
    });

    test('a module that does not build is answered 500 with where it broke, never the old script; fixed, it is served again', async () => {
      write(join(dir, 'src', 'words.ts'), "export const words: string = 'third words';\nexport const broken = (;\n");
      const broken = await script();
      expect(broken.status).toBe(500);
      expect(broken.text).toContain("The viewer's script");
      expect(broken.text).toContain('did not build');
      expect(broken.text).toMatch(/src\/words\.ts:2:\d+/);
      expect(broken.text).not.toContain('second words');
      write(join(dir, 'src', 'words.ts'), "export const words: string = 'fourth words';\n");
      const fixed = await script();
      expect(fixed.status).toBe(200);
      expect(fixed.text).toContain('fourth words');
    });

    test('requests that arrive together after an edit all get the whole new script', async () => {
      write(join(dir, 'src', 'words.ts'), "export const words: string = 'fifth words';\n");
      const answers = await Promise.all(Array.from({ length: 6 }, script));
      expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
      expect(new Set(answers.map((a) => a.text)).size).toBe(1);
      expect(answers[0]?.text).toContain('fifth words');
      expect(answers[0]?.text).toContain('document.title = words');
    });

    test('a module added and imported is part of the next script', async () => {
      write(join(dir, 'src', 'more-words.ts'), "export const more: string = 'added module';\n");
      write(join(dir, 'src', 'main.ts'), "import { more } from './more-words';\ndocument.title = more;\n");
      expect((await script()).text).toContain('added module');
    });
  });
});
