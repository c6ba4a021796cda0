import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';

function listJson(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listJson(join(dir, entry.name)) : entry.name.endsWith('.json') ? [join(dir, entry.name)] : [],
  );
}

/** Serves `locales/` at /locales in dev and copies it into the build, where the service worker precaches it. */
export function localesPlugin(localesDir: string): Plugin {
  return {
    name: 'project-locales',
    configureServer(server) {
      server.middlewares.use('/locales', (req, res, next) => {
        const path = join(localesDir, decodeURIComponent((req.url ?? '').split('?')[0] ?? ''));
        if (!path.startsWith(localesDir) || !path.endsWith('.json')) return next();
        try {
          res.setHeader('Content-Type', 'application/json');
          res.end(readFileSync(path));
        } catch {
          next();
        }
      });
    },
    generateBundle() {
      for (const file of listJson(localesDir)) {
        this.emitFile({ type: 'asset', fileName: `locales/${relative(localesDir, file)}`, source: readFileSync(file) });
      }
    },
  };
}
