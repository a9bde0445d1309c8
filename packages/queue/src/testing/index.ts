export { redisServerPath, startRedisServer, type TestRedisServer } from './redis-server.js';
