// POST /v1/functions/ical/sync (functions/ical/sync.ts): polls one import feed now, for the host
// who just added or fixed it (the cron polls every feed every 15 minutes anyway).
import * as yup from 'yup';
import { defineFunction, type RequestOf, type ResponseOf } from './contract';

export const icalSyncFunction = defineFunction(
  '/ical/sync',
  yup.object({ feedId: yup.string().uuid().required() }),
  yup.object({
    status: yup.mixed<'ok' | 'conflict' | 'error'>().oneOf(['ok', 'conflict', 'error']).required(),
    created: yup.number().integer().min(0).required(),
    moved: yup.number().integer().min(0).required(),
    cancelled: yup.number().integer().min(0).required(),
    conflicts: yup.number().integer().min(0).required(),
  }),
);

export type IcalSyncRequest = RequestOf<typeof icalSyncFunction>;
export type IcalSyncResponse = ResponseOf<typeof icalSyncFunction>;
