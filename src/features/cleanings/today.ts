// "Today" where the team works (Budapest), as YYYY-MM-DD: cleanings and due dates are local days.
export function budapestToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Budapest', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
