import { z } from 'zod';

/** RFC 9457 problem details plus `message` (what the web app's calls read) and per-field errors. */
export const problemSchema = z.object({
  type: z.string().optional(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type Problem = z.infer<typeof problemSchema>;
