import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { firstRenderReady } from './app/page-loaders';
import { AppRouter } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The first render waits for the first page's code where that saves a render (page-loaders).
void firstRenderReady().then(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  ),
);
