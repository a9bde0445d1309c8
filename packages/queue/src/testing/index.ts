export { type PlantedJob, plantCellJob, plantCellResult } from './planted-job.js';
export { redisServerPath, startRedisServer, type TestRedisServer } from './redis-server.js';
export { makeTestCertificates, type TestCertificates } from './test-certificates.js';
