/** The index of the last step that had happened at `at` (-1 when none had): the order's state at that time. */
export function stepAt(steps: readonly { occurredAt: string }[], at: Date): number {
  let found = -1;
  steps.forEach((step, index) => {
    if (new Date(step.occurredAt).getTime() <= at.getTime()) found = index;
  });
  return found;
}
