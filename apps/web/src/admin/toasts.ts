import { toast } from 'react-toastify';
import { LOGIN_TOAST_MS } from '@marketplace/shared';

// docs/product.md#back-office-shell: toasts sit top-right and close after 5000 ms; admin errors appear top-center.
export function notifySuccess(message: string): void {
  toast.success(message);
}

export function notifyError(message: string): void {
  // One toast per distinct message: a failing screen that retries does not stack copies.
  toast.error(message, { position: 'top-center', toastId: `error:${message}` });
}

/** Login toasts close after 3000 ms. */
export function notifyLoginError(message: string): void {
  toast.error(message, { position: 'top-center', autoClose: LOGIN_TOAST_MS, toastId: `login:${message}` });
}

/** Clears every toast, e.g. a login error still showing once the login succeeded. */
export function dismissToasts(): void {
  toast.dismiss();
}
