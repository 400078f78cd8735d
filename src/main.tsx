import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from './api/runtime-config';
import { initTheme } from './app/theme';
import { App } from './app/App';

initTheme();
const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

void loadRuntimeConfig().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
