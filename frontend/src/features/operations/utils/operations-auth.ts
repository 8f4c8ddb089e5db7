/** The back-office's bearer header (this feature gets the token from the route). */
export const authHeaders = (token: string): Record<string, string> => ({ Authorization: `Bearer ${token}` });
