/** The one setting that says where the API lives; same origin under /api unless a build says otherwise. */
export const API_BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api';
