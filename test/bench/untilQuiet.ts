// Run in a page (Playwright's evaluate): resolves once the page has been quiet, ten idle periods in a row
// with time to spare, so its warm-up (warmUp.ts) has run; or after 10 s on a machine too busy for that
// (a bench that never starts is worse than a noisy one). Self-contained: Playwright sends its source.
export async function untilQuiet(): Promise<void> {
  for (let quiet = 0, deadline = Date.now() + 10_000; quiet < 10 && Date.now() < deadline;) {
    quiet = await new Promise<boolean>((resolve) => requestIdleCallback((idle) => resolve(idle.timeRemaining() > 40))) ? quiet + 1 : 0;
  }
}
