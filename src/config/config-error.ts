// A config mistake the app meets while drawing a screen (a file missing or not as the code expects): it names the
// file and what to run, so the screen's error boundary can say so inside the screen while the rest keeps working.

export const CHECK_COMMAND = 'npm run check:config';

export class ConfigError extends Error {
  constructor(
    /** Repository-relative path, e.g. schemas/tables/admins.json. */
    readonly file: string,
    message: string,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

export function isConfigError(error: unknown): error is ConfigError {
  return error instanceof ConfigError;
}
