import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from './auth/RequireAuth.tsx';
import { PageLoader } from './components/PageLoader.tsx';
import { RouteError } from './components/RouteError.tsx';

// The route table of spec section 2. A screen is one file in pages/ with a default export and one
// line here; its code loads only when the route is visited. Screens that call the API sit under
// DataLayout (TanStack Query); splash, home and 403 stay outside it to keep the landing bundle small.
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});
const layout = (load: () => Promise<{ [name: string]: ComponentType }>, name: string) => async () => ({
  Component: (await load())[name],
});

const ADMIN = ['admin'] as const;

export const routes: RouteObject[] = [
  {
    path: '/',
    hydrateFallbackElement: <PageLoader />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: screen(() => import('./pages/SplashPage.tsx')) },
      {
        lazy: layout(() => import('./components/DataLayout.tsx'), 'DataLayout'),
        children: [
          { path: 'signup', lazy: screen(() => import('./pages/SignupPage.tsx')) },
          { path: 'verify', lazy: screen(() => import('./pages/VerifyPage.tsx')) },
          { path: 'login', lazy: screen(() => import('./pages/LoginPage.tsx')) },
          { path: 'forget', lazy: screen(() => import('./pages/ForgetPage.tsx')) },
          { path: 'reset', lazy: screen(() => import('./pages/ResetPage.tsx')) },
        ],
      },
      {
        path: 'app',
        lazy: layout(() => import('./components/AppLayout.tsx'), 'AppLayout'),
        children: [
          { index: true, element: <Navigate to="/app/home" replace /> },
          // No guard (spec section 6).
          { path: 'home', lazy: screen(() => import('./pages/HomePage.tsx')) },
          { path: 'unauthorized', lazy: screen(() => import('./pages/UnauthorizedPage.tsx')) },
          {
            lazy: layout(() => import('./components/DataLayout.tsx'), 'DataLayout'),
            children: [
              // No guard (spec section 6).
              { path: 'rules', lazy: screen(() => import('./pages/RulesPage.tsx')) },
              { path: 'hdfc', lazy: screen(() => import('./pages/HdfcPage.tsx')) },
              { path: 'sbi', lazy: screen(() => import('./pages/SbiPage.tsx')) },
              { path: 'union', lazy: screen(() => import('./pages/UnionPage.tsx')) },
              { path: 'bob', lazy: screen(() => import('./pages/BobPage.tsx')) },
              { path: 'pnb', lazy: screen(() => import('./pages/PnbPage.tsx')) },
              {
                // Login required.
                element: <RequireAuth />,
                children: [
                  { path: 'select', lazy: screen(() => import('./pages/SelectPage.tsx')) },
                  { path: 'createvoucher', lazy: screen(() => import('./pages/CreateVoucherPage.tsx')) },
                  { path: 'bank', lazy: screen(() => import('./pages/BankPage.tsx')) },
                  { path: 'bank/:id', lazy: screen(() => import('./pages/BankPage.tsx')) },
                  { path: 'teach', lazy: screen(() => import('./pages/TeachPage.tsx')) },
                  { path: 'map', lazy: screen(() => import('./pages/MapColumnsPage.tsx')) },
                  { path: 'layouts', lazy: screen(() => import('./pages/LayoutsPage.tsx')) },
                  { path: 'pay', lazy: screen(() => import('./pages/PayPage.tsx')) },
                  { path: 'pay/test-checkout', lazy: screen(() => import('./pages/TestCheckoutPage.tsx')) },
                  { path: 'profile', lazy: screen(() => import('./pages/ProfilePage.tsx')) },
                  { path: 'account', lazy: screen(() => import('./pages/AccountPage.tsx')) },
                  { path: 'history', lazy: screen(() => import('./pages/HistoryPage.tsx')) },
                  // The office's clients and their books (issue 13).
                  { path: 'clients', lazy: screen(() => import('./office/ClientsPage.tsx')) },
                  { path: 'clients/:id', lazy: screen(() => import('./office/ClientPage.tsx')) },
                  // A client's month report (issue 35).
                  { path: 'clients/:id/report', lazy: screen(() => import('./office/MonthReportPage.tsx')) },
                  // Statements dropped on no client, filed by account number (issue 13, queue).
                  { path: 'inbox', lazy: screen(() => import('./office/InboxPage.tsx')) },
                  // The office's members, roles, invitations and assignments (issue 35).
                  { path: 'team', lazy: screen(() => import('./office/TeamPage.tsx')) },
                ],
              },
              {
                // Login and the admin role required.
                element: <RequireAuth roles={ADMIN} />,
                children: [
                  { path: 'selectbilling', lazy: screen(() => import('./pages/SelectBillingPage.tsx')) },
                  { path: 'billing', lazy: screen(() => import('./pages/BillingPage.tsx')) },
                  { path: 'genratebilling', lazy: screen(() => import('./pages/GenerateBillingPage.tsx')) },
                ],
              },
            ],
          },
          { path: '*', lazy: screen(() => import('./pages/NotFoundPage.tsx')) },
        ],
      },
      { path: '*', lazy: screen(() => import('./pages/NotFoundPage.tsx')) },
    ],
  },
];
