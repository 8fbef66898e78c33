/** A day (2026-12-10) or an ISO moment → 10 Dec 2026, in India's time. */
export const longDate = (at: string) =>
  new Date(at.length === 10 ? `${at}T00:00:00+05:30` : at).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });
