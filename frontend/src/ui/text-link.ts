/** The look of a link inside text, for router links and plain anchors alike. */
export const textLinkClasses =
  'rounded font-medium text-primary-700 underline underline-offset-4 hover:text-primary-800 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500';
