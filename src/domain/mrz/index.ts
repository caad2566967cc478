// Machine-readable zones of passports and ID cards: reading and checking what a reader saw,
// the fields it fills in, and composing valid MRZs for tests.
export { readMrzLines, shapeLines, fitLength, cleanLines, type MrzReading } from './read';
export { scannedFields, mrzDate, nameCase, type ScannedFields } from './fields';
export { composeMrz, checkDigit, type MrzDocument } from './compose';
export { alpha2FromMrz, mrzCountry } from './countries';
export { estimateSkew } from './skew';
export { voteMrzReadings, readMrzAttempts, characterVote } from './vote';
