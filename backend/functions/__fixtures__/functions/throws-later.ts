// Test function: throws from a timer callback, outside any promise chain the runtime awaits.
export default function throwsLater(): void {
  setTimeout(() => {
    throw new Error('timer failure');
  }, 5);
}
