import type { MessagePort } from 'node:worker_threads';

/** Answers the MRZ reader's messages (image, read, drop) on `port`: see mrzReader.cjs. */
export function serveMrzReads(port: MessagePort): void;
