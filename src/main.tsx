// Mantine's base styles; each component's own come with it (scripts/mantine-styles.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { hydrate } from '@tanstack/react-query';
import { loadRuntimeConfig } from './api/runtime-config';
import { initTheme } from './app/theme';
import { noteTimeZone } from './app/time-zone';
import { appRoutes, startSignedInLoad } from './app/App';
import { Providers, queryClient } from './app/Providers';
import { applyDeferredStyles } from './app/deferred-styles';
import { takeFirstScreen } from './app/first-screen-state';

initTheme();
noteTimeZone();
const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');
const drawn = takeFirstScreen(root);
startSignedInLoad(window.location.pathname);

void Promise.all([loadRuntimeConfig(), applyDeferredStyles()]).then(() => {
  const app = (
    <StrictMode>
      <Providers>
        <RouterProvider router={createBrowserRouter(appRoutes)} />
      </Providers>
    </StrictMode>
  );
  // A transition renders in slices that yield to the browser, so a phone stays responsive while the first screen is
  // built (login.html shows the sign-in card meanwhile) or, drawn by the gateway, hydrated.
  startTransition(() => {
    if (!drawn) {
      createRoot(root).render(app);
      return;
    }
    hydrate(queryClient, drawn.queries);
    hydrateRoot(root, app);
  });
});
