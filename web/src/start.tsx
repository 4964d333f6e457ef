import { i18nReady } from './lib/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { watchAppUpdates } from './lib/appUpdate';
import './app/global.css';

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

watchAppUpdates();

// The texts of the page's language come first (their own chunk); without them the app still starts, with keys.
i18nReady.then(render, render);
