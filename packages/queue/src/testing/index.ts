export { type PlantedJob, plantCellJob } from './planted-job.js';
export { redisServerPath, startRedisServer, type TestRedisServer } from './redis-server.js';
