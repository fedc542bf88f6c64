// Shared set-up for unit tests (jsdom).
