// Inbox rules: linking a conversation to a booking.
export * from './threadLink';
