// Test function: throws synchronously.
export default function throws(): never {
  throw new Error('secret internals');
}
