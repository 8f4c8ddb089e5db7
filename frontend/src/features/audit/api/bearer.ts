/** The back-office's bearer token on a call (the audit screens are back-office pages). */
export const bearer = (token: string): Record<string, string> => ({ Authorization: `Bearer ${token}` });
