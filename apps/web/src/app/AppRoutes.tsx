import { Suspense, type ComponentType } from 'react';
import { Route, Routes } from '../lib/router';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { lazyPage } from '../lib/lazy-page';
import { PublicLayout } from './layout/PublicLayout';

// Every screen is its own chunk so the first visit downloads only the shell and the screen it opens.
// The back-office is one lazy chunk of its own (and lazy screens inside it): nothing of it reaches the public bundle.
const AdminApp = lazyPage(() => import('../admin/AdminApp'), 'default');
const DASHBOARD = { to: '/admin/dashboard', label: 'Go to the dashboard' };
// The short text pages and the not-found page share one small chunk.
const loadInfo = () => import('../features/info/pages');

const publicRoutes: [path: string, page: ComponentType][] = [
  ['discover', lazyPage(() => import('../features/discover/DiscoverPage'), 'DiscoverPage')],
  ['product/:id', lazyPage(() => import('../features/product/ProductPage'), 'ProductPage')],
  ['basket', lazyPage(() => import('../features/basket/BasketPage'), 'BasketPage')],
  // The checkout's form code (react-hook-form, and zod on first focus) loads only here, never with the basket.
  ['checkout', lazyPage(() => import('../features/checkout/CheckoutPage'), 'CheckoutPage')],
  ['order/:token', lazyPage(() => import('../features/order/OrderPage'), 'OrderPage')],
  ['sell', lazyPage(() => import('../features/sell/SellPage'), 'SellPage')],
  ['sell/success', lazyPage(() => import('../features/sell/SellSuccessPage'), 'SellSuccessPage')],
  ['sell/status/:token', lazyPage(() => import('../features/sell-status/SellStatusPage'), 'SellStatusPage')],
  ['account', lazyPage(() => import('../features/account/AccountPage'), 'AccountPage')],
  ['account/confirm/:token', lazyPage(() => import('../features/account/ConfirmAccountPage'), 'ConfirmAccountPage')],
  ['forgot-password', lazyPage(() => import('../features/password-reset/ForgotPasswordPage'), 'ForgotPasswordPage')],
  [
    'reset-password/:token',
    lazyPage(() => import('../features/password-reset/ResetPasswordPage'), 'ResetPasswordPage'),
  ],
  ['saved', lazyPage(() => import('../features/saved/SavedPage'), 'SavedPage')],
  ['alerts/stop/:token', lazyPage(() => import('../features/alerts/AlertStopPage'), 'AlertStopPage')],
  ['about', lazyPage(loadInfo, 'AboutPage')],
  ['contact', lazyPage(loadInfo, 'ContactPage')],
  ['faq', lazyPage(loadInfo, 'FaqPage')],
  ['terms', lazyPage(loadInfo, 'TermsPage')],
  ['privacy', lazyPage(loadInfo, 'PrivacyPage')],
  ['*', lazyPage(loadInfo, 'NotFoundPage')],
];
const HomePage = lazyPage(() => import('../features/home/HomePage'), 'HomePage');

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="admin/*"
        element={
          <ErrorBoundary home={DASHBOARD}>
            <Suspense fallback={null}>
              <AdminApp />
            </Suspense>
          </ErrorBoundary>
        }
      />
      <Route element={<PublicLayout />}>
        <Route index element={<HomePage />} />
        {publicRoutes.map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
      </Route>
    </Routes>
  );
}
