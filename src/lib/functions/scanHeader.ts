// The header naming the journey a document scan is for (functions/journey/scan). A header, never the
// URL: the journey id is the guest's key to their booking, and URLs land in access logs and Referer.
// Its own module so the journey page's upload code does not pull in the contracts' Yup schemas.
export const SCAN_JOURNEY_HEADER = 'x-journey-id';
