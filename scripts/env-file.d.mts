export function newEnvFile(
  example: string,
  secrets: { sessionSecret: string; adminPassword: string },
): string;

export function upgradeEnvFile(
  current: string,
  example: string,
  generatePassword: () => string,
): { text: string; added: string[]; retired: string[] };
