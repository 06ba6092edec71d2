import type { Plugin } from 'vite';
// Relative imports: the Vite config bundles these files, while Node alone could not load the workspace package's TS.
import { LEAD_PACKAGES } from '../../../../packages/contracts/src/public/demo-requests.ts';
import { FREE_TRANSACTION_LIMIT } from '../../../../packages/contracts/src/public/registration.ts';
import { renderLanding } from './render.ts';

/**
 * The static landing page: landing.html is a second HTML entry of the build, rendered here with the texts and the
 * contracts' price list. The dev server answers /landing with it, like the real server does.
 */
export function landingPage(): Plugin {
  return {
    name: 'nusa-landing',
    transformIndexHtml: {
      order: 'pre',
      handler: (html, ctx) =>
        ctx.filename.endsWith('landing.html') ? renderLanding(html, { prices: LEAD_PACKAGES, values: { limit: FREE_TRANSACTION_LIMIT } }) : html,
    },
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url === '/landing' || req.url?.startsWith('/landing?')) req.url = req.url.replace('/landing', '/landing.html');
        next();
      });
    },
  };
}
