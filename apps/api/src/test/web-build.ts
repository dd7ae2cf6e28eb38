import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A stand-in for the web app's build, for tests of what the server does with it: `dist/index.html`, the
 * server renderer `dist-ssr/render.js` (its source as text) and, when given, the build's manifest.
 * Returns the `dist` folder, as `createTestApp`'s `webDist` wants it.
 */
export function fakeWebBuild({
  template,
  renderer,
  manifest,
}: {
  template: string;
  renderer: string;
  manifest?: object;
}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-build-'));
  fs.mkdirSync(path.join(dir, 'dist', 'assets'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'dist-ssr'));
  fs.writeFileSync(path.join(dir, 'dist', 'index.html'), template);
  fs.writeFileSync(path.join(dir, 'dist-ssr', 'render.js'), renderer);
  if (manifest) {
    fs.mkdirSync(path.join(dir, 'dist', '.vite'));
    fs.writeFileSync(path.join(dir, 'dist', '.vite', 'manifest.json'), JSON.stringify(manifest));
  }
  return path.join(dir, 'dist');
}
