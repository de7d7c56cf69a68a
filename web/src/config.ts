/** Deployment settings read at build time (Vite env). The help links and contact details are the server's (GET /api/help). */
export const COPYRIGHT_HOLDER: string = import.meta.env.VITE_COPYRIGHT_HOLDER?.trim() || 'Pocketchart';
