import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 36 (decision 0090): the server's npm packages are bundled into dist/server.js, which took a third off a
// restart's CPU. A bundled package that uses __dirname (undefined in an ES module) or that the bundle must still
// find in node_modules fails only when that path runs, in production: both are checked here on the real build.

interface BuildModule {
  SERVER_EXTERNAL: string[];
  serverBuild: object;
}
interface Output {
  entryPoint?: string;
  imports: { path: string; kind: string; external?: boolean }[];
}

const apiRoot = path.resolve(import.meta.dirname, '..');
const BUILTIN = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

describe('the server bundle', () => {
  it('bundles every npm package but the listed ones, uses no __dirname or __filename, and loads some at first use', async () => {
    const buildFile = path.join(apiRoot, 'build.mjs');
    const { SERVER_EXTERNAL, serverBuild } = (await import(buildFile)) as BuildModule;
    const { build } = await import('esbuild');
    const result = await build({
      ...serverBuild,
      write: false,
      metafile: true,
      sourcemap: false,
      logLevel: 'silent',
    });
    const [output] = Object.values(result.metafile.outputs as Record<string, Output>).filter((o) => o.entryPoint);
    const loaded = new Set(
      output!.imports.filter((i) => i.external && !BUILTIN.has(i.path)).map((i) => packageOf(i.path)),
    );
    expect([...loaded].filter((name) => !SERVER_EXTERNAL.includes(name))).toEqual([]);
    // The native addons are loaded from node_modules at least.
    expect(loaded.has('sharp')).toBe(true);
    const code = result.outputFiles.find((f) => f.path.endsWith('server.js'))!.text;
    expect(code.match(/\b__(dirname|filename)\b/g) ?? []).toEqual([]);

    // What a start does not need is loaded at its first use: libvips for pictures, nodemailer for email,
    // ioredis only with REDIS_URL. A static import would load it before the server listens.
    const atStart = new Set(
      output!.imports.filter((i) => i.external && i.kind === 'import-statement').map((i) => packageOf(i.path)),
    );
    for (const lazy of ['sharp', 'nodemailer', 'ioredis']) expect(atStart.has(lazy), lazy).toBe(false);
  });
});
