/**
 * Waits until `check` holds, a minute at most (a hang, not a slow machine): for what is not on the page (the API's answers, the
 * database, the mailbox); what the page shows is waited for by Playwright's web-first assertions.
 */
export async function eventually(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
