import '@mantine/core/styles.css';
import './index.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { validToken } from './auth/token.ts';
import { GlobalLoading } from './components/loading.tsx';
import { routes } from './routes.tsx';
import { cssVariables, theme } from './theme.ts';

// An invalid or expired token is removed on load (spec section 2, Home).
validToken();

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariables} defaultColorScheme="light">
      <RouterProvider router={router} />
      <GlobalLoading />
    </MantineProvider>
  </StrictMode>,
);
