// POST /v1/functions/journey/scan, header X-Journey-Id: <id>, body: the photo's bytes
// (Content-Type: application/octet-stream, at most 5 MB): reads the passport's or ID card's MRZ and
// answers the fields for the guest to confirm. JPG and PNG only, judged by the bytes. VIZA forbids
// keeping document images: the photo lives in this request's memory only (no storage, no disk,
// no logs) and only the fields go back. The header's size is checked before decoding (at most
// 24 MP, sides at most 3:1) and the reading runs in a worker thread with a time limit
// (functions/_journey/mrzWorkers.ts). 400 invalid-body, not-an-image; 404; 403 not-open, closed;
// 413 too-large; 422 photo-size, unreadable ('Unable to extract information from the uploaded
// photo', also when the reading takes too long); 429 (per address and per journey); 503 busy.
// The journey id travels in a header, not the URL: the journey id is the guest's key to their
// booking, and URLs are written to access logs and sent on as Referer. A request still naming it
// in the query is refused (400), so an old client cannot keep leaking it.
import type { Request, Response } from 'express';
import { journeyPhase } from '../../src/domain/journey/rules';
import { SCAN_JOURNEY_HEADER, SCAN_MAX_BYTES } from '../../src/lib/functions/journey';
import { sealScan } from '../_journey/attest';
import { readDocumentPhoto } from '../_journey/documentReader';
import { loadJourneyBooking } from '../_journey/load';
import { allow } from '../_journey/rateLimit';
import { clientAddress, fail, requirePost } from '../_journey/respond';
import { todayInBudapest } from '../_journey/time';
import { UUID } from '../../src/lib/uuid';

export default async function scan(req: Request, res: Response): Promise<void> {
  if (!requirePost(req, res)) return;
  if (!allow('scan', clientAddress(req))) return fail(res, 429, 'too-many-attempts', 'Too many attempts; wait a few minutes');
  if (req.query.journeyId !== undefined) return fail(res, 400, 'invalid-body', `Send the journey id in the ${SCAN_JOURNEY_HEADER} header, not the URL`, 'journeyId');
  const header = req.headers[SCAN_JOURNEY_HEADER];
  const journeyId = typeof header === 'string' ? header.trim() : '';
  if (!UUID.test(journeyId)) return fail(res, 400, 'invalid-body', 'journeyId must be a UUID', 'journeyId');
  if (!allow('scanJourney', journeyId.toLowerCase())) return fail(res, 429, 'too-many-attempts', 'Too many attempts; wait a few minutes');
  if (!Buffer.isBuffer(req.body) || req.body.length === 0) return fail(res, 400, 'not-an-image', 'Send the photo as application/octet-stream', 'file');
  if (req.body.length > SCAN_MAX_BYTES) return fail(res, 413, 'too-large', `The photo may be at most ${SCAN_MAX_BYTES} bytes`, 'file');
  const booking = await loadJourneyBooking(journeyId);
  if (!booking) return fail(res, 404, 'not-found', "Can't find booking with the provided information");
  const today = todayInBudapest();
  const phase = journeyPhase(booking, today);
  if (phase === 'not-yet') return fail(res, 403, 'not-open', 'The journey opens 5 days before check-in');
  if (phase === 'closed') return fail(res, 403, 'closed', 'The journey closed 3 days after check-out');
  const reading = await readDocumentPhoto(req.body, today);
  if (!reading.ok && reading.reason === 'not-an-image') return fail(res, 400, 'not-an-image', 'Only JPG and PNG photos can be uploaded', 'file');
  if (!reading.ok && reading.reason === 'photo-size') return fail(res, 422, 'photo-size', 'The photo must be at most 24 megapixels, its sides at most 3:1', 'file');
  if (!reading.ok && reading.reason === 'busy') return fail(res, 503, 'busy', 'Too many photos are being read; try again in a minute', 'file');
  if (!reading.ok) return fail(res, 422, 'unreadable', 'Unable to extract information from the uploaded photo', 'file');
  // The seal lets journey/checkin take these fields as read, not as typed (functions/_journey/attest.ts).
  res.status(200).json({ fields: { ...reading.fields, seal: sealScan(journeyId, reading.fields) }, repaired: reading.repaired });
}
