import { QueryClientProvider } from '@tanstack/react-query';
import { InEnglish } from '../i18n/context';
import { Suspense, useState } from 'react';
import { Navigate, Route, Routes } from '../lib/router';
import { ToastContainer } from 'react-toastify';
import { TOAST_MS } from '@marketplace/shared';
import { lazyPage as screen } from '../lib/lazy-page';
import { AdminLayout } from './AdminLayout';
import { RequireAuth } from './RequireAuth';
import { FormSkeleton } from './components/status';
import { createAdminQueryClient } from './query-client';

// Each back-office screen is its own chunk too: the image picker and the chart load only where used.
const LoginPage = screen(() => import('./login/LoginPage'), 'LoginPage');
const DashboardPage = screen(() => import('./dashboard/DashboardPage'), 'DashboardPage');
const OrdersListPage = screen(() => import('./orders/OrdersListPage'), 'OrdersListPage');
const OrderDetailPage = screen(() => import('./orders/OrderDetailPage'), 'OrderDetailPage');
const ReturnsListPage = screen(() => import('./returns/ReturnsListPage'), 'ReturnsListPage');
const ReturnDetailPage = screen(() => import('./returns/ReturnDetailPage'), 'ReturnDetailPage');
const MoneyPage = screen(() => import('./money/MoneyPage'), 'MoneyPage');
const MoneyEntriesPage = screen(() => import('./money/MoneyEntriesPage'), 'MoneyEntriesPage');
const UsersListPage = screen(() => import('./users/UsersListPage'), 'UsersListPage');
const CreateUserPage = screen(() => import('./users/CreateUserPage'), 'CreateUserPage');
const EditUserPage = screen(() => import('./users/EditUserPage'), 'EditUserPage');
const ShopsListPage = screen(() => import('./shops/ShopsListPage'), 'ShopsListPage');
const CreateShopPage = screen(() => import('./shops/ShopFormPage'), 'CreateShopPage');
const EditShopPage = screen(() => import('./shops/ShopFormPage'), 'EditShopPage');
const ProductsListPage = screen(() => import('./products/ProductsListPage'), 'ProductsListPage');
const CreateProductPage = screen(() => import('./products/CreateProductPage'), 'CreateProductPage');
const EditProductPage = screen(() => import('./products/EditProductPage'), 'EditProductPage');
const FeaturedListPage = screen(() => import('./featured/FeaturedListPage'), 'FeaturedListPage');
const ReportsListPage = screen(() => import('./reports/ReportsListPage'), 'ReportsListPage');
const PersonalDataPage = screen(() => import('./personal-data/PersonalDataPage'), 'PersonalDataPage');
const StockRequestsPage = screen(() => import('./stock-requests/StockRequestsPage'), 'StockRequestsPage');
const CategoriesListPage = screen(() => import('./categories/CategoriesListPage'), 'CategoriesListPage');
const CreateCategoryPage = screen(() => import('./categories/CategoryFormPage'), 'CreateCategoryPage');
const ViewCategoryPage = screen(() => import('./categories/CategoryFormPage'), 'ViewCategoryPage');
const SellerRequestsPage = screen(() => import('./seller-requests/SellerRequestsPage'), 'SellerRequestsPage');
const CreateSellerRequestPage = screen(
  () => import('./seller-requests/CreateSellerRequestPage'),
  'CreateSellerRequestPage',
);
const SellerRequestDetailPage = screen(
  () => import('./seller-requests/SellerRequestDetailPage'),
  'SellerRequestDetailPage',
);
const UnlockTwoStepPage = screen(() => import('./unlock/UnlockTwoStepPage'), 'UnlockTwoStepPage');
const MyAccountPage = screen(() => import('./account/MyAccountPage'), 'MyAccountPage');
const AdminNotFound = screen(() => import('./AdminNotFound'), 'AdminNotFound');

/** Everything under /admin/*: login outside the guard, the rest inside the sidebar layout. */
export default function AdminApp() {
  const [queryClient] = useState(createAdminQueryClient);
  return (
    <InEnglish>
      <QueryClientProvider client={queryClient}>
        <Routes>
          <Route
            path="login"
            element={
              <Suspense fallback={<FormSkeleton />}>
                <LoginPage />
              </Suspense>
            }
          />
          {/* The link emailed when two-step login locks (docs/decisions/0085): its owner cannot log in. */}
          <Route
            path="unlock-two-step/:token"
            element={
              <Suspense fallback={<FormSkeleton />}>
                <UnlockTwoStepPage />
              </Suspense>
            }
          />
          <Route
            element={
              <RequireAuth>
                <AdminLayout />
              </RequireAuth>
            }
          >
            <Route index element={<Navigate to="/admin/dashboard" replace />} />
            <Route path="dashboard" element={<DashboardPage />} />
            <Route path="orders" element={<OrdersListPage />} />
            <Route path="orders/:id" element={<OrderDetailPage />} />
            <Route path="returns" element={<ReturnsListPage />} />
            <Route path="returns/:id" element={<ReturnDetailPage />} />
            <Route path="money" element={<MoneyPage />} />
            <Route path="money/entries" element={<MoneyEntriesPage />} />
            <Route path="users" element={<UsersListPage />} />
            <Route path="users/create" element={<CreateUserPage />} />
            <Route path="users/:id" element={<EditUserPage />} />
            <Route path="shops" element={<ShopsListPage />} />
            <Route path="shops/create" element={<CreateShopPage />} />
            <Route path="shops/:id" element={<EditShopPage />} />
            <Route path="products" element={<ProductsListPage />} />
            <Route path="create-product" element={<CreateProductPage />} />
            <Route path="products/:id" element={<EditProductPage />} />
            <Route path="featured-products" element={<FeaturedListPage />} />
            <Route path="seller-requests" element={<SellerRequestsPage />} />
            <Route path="create-seller-request" element={<CreateSellerRequestPage />} />
            <Route path="seller-requests/:id" element={<SellerRequestDetailPage />} />
            <Route path="reports" element={<ReportsListPage />} />
            <Route path="personal-data" element={<PersonalDataPage />} />
            <Route path="transfers" element={<StockRequestsPage />} />
            <Route path="categories" element={<CategoriesListPage />} />
            <Route path="create-category" element={<CreateCategoryPage />} />
            <Route path="view-category/:id" element={<ViewCategoryPage />} />
            <Route path="account" element={<MyAccountPage />} />
            <Route path="*" element={<AdminNotFound />} />
          </Route>
        </Routes>
        {/* docs/product.md#back-office-shell: top-right, 5000 ms by default; errors ask for top-center per toast. */}
        <ToastContainer position="top-right" autoClose={TOAST_MS} newestOnTop closeOnClick={false} />
      </QueryClientProvider>
    </InEnglish>
  );
}
