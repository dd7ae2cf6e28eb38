import { luhnValid } from '@marketplace/shared';
import type { FastifyInstance } from 'fastify';

let serial = 100_000;

/** A fresh valid IMEI per call: a fixed type code, a serial and its Luhn check digit. */
export function nextImei(): string {
  const body = `35693803${serial++}`;
  for (let d = 0; d <= 9; d++) if (luhnValid(`${body}${d}`)) return `${body}${d}`;
  throw new Error('no check digit');
}

/** PUT .../device as the back-office sends it. */
export function putDevice(
  app: FastifyInstance,
  put: { headers: Record<string, string>; item: 'products' | 'seller-requests'; id: number; payload: unknown },
) {
  const { headers, item, id, payload } = put;
  return app.inject({ method: 'PUT', url: `/api/admin/${item}/${id}/device`, headers, payload: payload as object });
}
