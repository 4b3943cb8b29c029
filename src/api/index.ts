// Public surface of the API client (placeholder until the client lands).
export {};
