export function newSecret(): string;

export function newEnvFile(
  example: string,
  secrets: { sessionSecret: string; adminPassword: string; personalDataKey?: string },
): string;

export function upgradeEnvFile(
  current: string,
  example: string,
  generatePassword: () => string,
  generateSecret?: () => string,
): { text: string; added: string[]; retired: string[] };
