// NTAK accommodation reporting: code lists, message builders, validators and the wire envelope.
export * from './enums';
export * from './issues';
export * from './messages';
export * from './money';
export * from './validate';
export * from './wire';
export * from './certificate';
export * from './schedule';
export * from './reservationHold';
