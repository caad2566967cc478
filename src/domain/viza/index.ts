// VIZA guest registration: message builders, validators and the module states.
export * from './messages';
export * from './statuses';
export * from './validate';
