/** The app has no accounts: the audit log records its writes as made by a person in the app. */
export const APP_ACTOR = 'person (app)';
