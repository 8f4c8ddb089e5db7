import { ConfigError, hasRole, loadConfig, loadDotEnv } from './config/app-config.js';
import { createApp } from './create-app.js';

let config;
try {
  loadDotEnv();
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const app = await createApp(config);
if (hasRole(config, 'api')) {
  await app.listen(config.PORT, config.HOST);
  console.warn(
    `Coseso is listening on http://${config.HOST}:${config.PORT} (${config.PROCESS_ROLES.join(', ')})`,
  );
} else {
  await app.init();
  console.warn(`Coseso is running (${config.PROCESS_ROLES.join(', ')})`);
}
