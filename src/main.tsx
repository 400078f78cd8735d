// Mantine's base styles; each component's own come with it (scripts/mantine-styles.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from './api/runtime-config';
import { initTheme } from './app/theme';
import { App } from './app/App';
import { applyDeferredStyles } from './app/deferred-styles';

initTheme();
const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

void Promise.all([loadRuntimeConfig(), applyDeferredStyles()]).then(() => {
  // A transition renders in slices that yield to the browser, so a phone stays responsive while the first screen is
  // built (login.html shows the sign-in card meanwhile).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
