// The login's texts from the spec's error catalogue (part 1, section 8): only the auth feature shows them.
export const AUTH_TEXT = {
  serverNotRunning: 'An error occurred, please confirm that the server is running.',
  adminDisabled: 'Admin and password has been disabled from this app.',
  incorrectCredentials: 'The Username and/or Password entered is incorrect. Please try again.',
} as const;
