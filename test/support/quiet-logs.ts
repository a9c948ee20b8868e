// Integration tests boot whole services; one info line per HTTP request would bury the test output. A test
// that wants the lines sets LOG_LEVEL (or PlatformKitModule's logLevel) itself.
process.env.LOG_LEVEL ??= 'warn';
