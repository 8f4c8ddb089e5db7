export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
