import type { FastifyPluginAsync } from 'fastify';

const account: FastifyPluginAsync = async () => {};
export default account;
